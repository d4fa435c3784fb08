package org.walletstate.verifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CanonicalJsonTest {

  @ParameterizedTest
  @CsvSource({
    "1.0, 1",
    "1E2, 100",
    "-0, 0",
    "0.000001, 0.000001",
    "0.0000001, 1e-7",
    "1.5e-7, 1.5e-7",
    "1e21, 1e+21",
    "123456789012345678901, 123456789012345680000",
    "9007199254740993, 9007199254740992",
    "5e-324, 5e-324",
    "2e-323, 2e-323",
    "1.7976931348623157e308, 1.7976931348623157e+308",
    "0.1, 0.1",
    "100.5, 100.5"
  })
  void numbers_areWrittenAsJavaScriptWritesThem(String wire, String expected) {
    assertThat(CanonicalJson.stringify(CanonicalJson.parse(wire))).isEqualTo(expected);
  }

  @Test
  void numberToString_isShortestWhereJava17IsNot() {
    // Java 17's Double.toString gives 2.0E-3 style layouts and, for some values, an extra digit
    assertThat(CanonicalJson.numberToString(2.0e-3)).isEqualTo("0.002");
    assertThat(CanonicalJson.numberToString(1.0e23)).isEqualTo("1e+23");
    assertThat(CanonicalJson.numberToString(2.0E-323)).isEqualTo("2e-323");
  }

  @Test
  void canonical_sortsByUtf16CodeUnitsAtEveryLevel() {
    JsonNode value =
        CanonicalJson.parse(
            "{\"b\":1,\"a\":{\"\uD83D\uDE00\":1,\"\uFFFF\":2,\"Z\":3},\"10\":0,\"9\":0}");
    assertThat(CanonicalJson.canonical(value))
        .isEqualTo("{\"10\":0,\"9\":0,\"a\":{\"Z\":3,\"\uD83D\uDE00\":1,\"\uFFFF\":2},\"b\":1}");
  }

  @Test
  void stringify_putsArrayIndexKeysFirstLikeJavaScript() {
    JsonNode value = CanonicalJson.parse("{\"b\":1,\"2\":2,\"a\":3,\"1\":4,\"01\":5}");
    assertThat(CanonicalJson.stringify(value))
        .isEqualTo("{\"1\":4,\"2\":2,\"b\":1,\"a\":3,\"01\":5}");
  }

  @Test
  void strings_escapeControlsAndLoneSurrogatesOnly() {
    JsonNode value = JsonNodeFactory.instance.textNode("a\u0001\n\"\\/\u2028\uD800é\uD83D\uDE00");
    assertThat(CanonicalJson.stringify(value))
        .isEqualTo("\"a\\u0001\\n\\\"\\\\/\u2028\\ud800é\uD83D\uDE00\"");
  }

  @Test
  void sortedTopLevel_filtersNestedObjectsByTheTopLevelNames() {
    JsonNode value = CanonicalJson.parse("{\"type\":\"x\",\"inner\":{\"type\":1,\"other\":2}}");
    assertThat(CanonicalJson.stringifySortedTopLevel(value))
        .isEqualTo("{\"inner\":{\"type\":1},\"type\":\"x\"}");
  }

  @Test
  void canonical_refusesNestingPastTheBound() {
    assertThat(CanonicalJson.canonical(nested(128))).startsWith("[[");
    assertThatThrownBy(() -> CanonicalJson.canonical(nested(129)))
        .isInstanceOf(CanonicalJson.NestingTooDeepException.class);
  }

  @Test
  void parse_refusesDuplicateMemberNames() {
    assertThatThrownBy(() -> CanonicalJson.parse("{\"a\":1,\"a\":2}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a");
  }

  @Test
  void conditionHash_ofVectorOneReproducesItsPublishedValue() {
    JsonNode condition =
        CanonicalJson.parse(
            "{\"type\":\"token_balance\",\"chainId\":1,\"contractAddress\":\"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48\",\"operator\":\"gte\",\"threshold\":\"1\"}");
    assertThat(Preimages.conditionHash(PreimageScheme.V2, condition))
        .isEqualTo("0x7461826638a23862059da9474fa12054829f694020701491d660395b87df6132");
  }

  @Test
  void preimages_carryTheNamespaceInTheirTagLines() {
    JsonNode attestation =
        CanonicalJson.parse(
            "{\"id\":\"ATST-1\",\"pass\":true,\"results\":[],\"attestedAt\":\"t\",\"expiresAt\":\"u\"}");
    assertThat(
            new String(
                Preimages.of(Namespace.SERVICE).attestation(PreimageScheme.V2, attestation),
                StandardCharsets.UTF_8))
        .isEqualTo(
            "service.attestation.v2\n{\"attestedAt\":\"t\",\"id\":\"ATST-1\",\"pass\":true,\"results\":[],\"v\":2}");
    assertThat(
            new String(
                Preimages.of(Namespace.of("insumer")).attestation(PreimageScheme.V1, attestation),
                StandardCharsets.UTF_8))
        .isEqualTo("{\"id\":\"ATST-1\",\"pass\":true,\"results\":[],\"attestedAt\":\"t\"}");
  }

  @Test
  void namespace_refusesWordsThatCouldForgeTagLines() {
    assertThatThrownBy(() -> Namespace.of("service.attestation"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Namespace.of("Service")).isInstanceOf(IllegalArgumentException.class);
    assertThat(Namespace.of("insumer").roleOf("insumer-trust-v2")).contains(KeyRole.TRUST_V2);
    assertThat(Namespace.SERVICE.roleOf("insumer-trust-v2")).isEmpty();
  }

  private static JsonNode nested(int depth) {
    ArrayNode root = JsonNodeFactory.instance.arrayNode();
    ArrayNode current = root;
    for (int i = 0; i < depth; i++) {
      current = current.addArray();
    }
    return root;
  }
}
