package org.walletstate.adapters.http.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What the corpus replaces in an answer, and that it keeps every other byte. */
class AnswerNormaliserTest {

  @Test
  void replacesOnlyTheListedMembers_keepingOrderSpacingAndNumberForms() {
    String answer =
        "{\"ok\":true,\"data\":{\"b\":1.50,\"blockNumber\":\"0x4b\",\"a\": [1, 2],"
            + "\"sig\":\"MEUC\\\"x\",\"kid\":\"k\"},\"meta\":{\"timestamp\":\"2026-11-28T07:25:21.251Z\"}}";

    assertThat(AnswerNormaliser.normalise(answer))
        .isEqualTo(
            "{\"ok\":true,\"data\":{\"b\":1.50,\"blockNumber\":\"~blockNumber~\",\"a\": [1, 2],"
                + "\"sig\":\"~sig~\",\"kid\":\"k\"},\"meta\":{\"timestamp\":\"~timestamp~\"}}");
  }

  @Test
  void aMemberIsReplacedOnlyWhenItsValueHasTheVaryingShape() {
    String answer = "{\"error\":{\"code\":\"rpc_failure\"},\"data\":{\"code\":\"SVC-7KQ2M\"}}";

    assertThat(AnswerNormaliser.normalise(answer))
        .isEqualTo("{\"error\":{\"code\":\"rpc_failure\"},\"data\":{\"code\":\"~code~\"}}");
  }

  @Test
  void arraysOfProofNodesAreReplacedWhole_andEscapedJsonInsideStringsToo() {
    String answer =
        "{\"accountProof\":[\"0xf9\",\"0xe7\"],\"storageProof\":[\"0x01\"],"
            + "\"text\":\"{\\\"sig\\\":\\\"abc\\\",\\\"id\\\":\\\"ATST-0123456789ABCDEF\\\"}\"}";

    assertThat(AnswerNormaliser.normalise(answer))
        .isEqualTo(
            "{\"accountProof\":\"~accountProof~\",\"storageProof\":[\"0x01\"],"
                + "\"text\":\"{\\\"sig\\\":\\\"~sig~\\\",\\\"id\\\":\\\"~id~\\\"}\"}");
  }

  @Test
  void theDailyLimitsResetIsReplacedInsideItsMessage() {
    assertThat(
            AnswerNormaliser.normalise(
                "{\"message\":\"it resets at 2026-11-29T00:00:00.000Z (in 59674 seconds)\"}"))
        .isEqualTo("{\"message\":\"it resets at ~next midnight UTC~ (in ~n~ seconds)\"}");
  }

  @Test
  void theLogIndexIsReplaced_alsoInsideAString_andNoOtherIndex() {
    String answer =
        "{\"data\":{\"index\":3,\"pqKid\":\"p\",\"log\":{\"index\":25}},"
            + "\"text\":\"{\\\"log\\\":{\\\"index\\\":7}}\"}";

    assertThat(AnswerNormaliser.normalise(answer))
        .isEqualTo(
            "{\"data\":{\"index\":3,\"pqKid\":\"p\",\"log\":{\"index\":\"~index~\"}},"
                + "\"text\":\"{\\\"log\\\":{\\\"index\\\":\\\"~index~\\\"}}\"}");
  }
}
