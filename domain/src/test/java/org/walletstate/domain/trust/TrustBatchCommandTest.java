package org.walletstate.domain.trust;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.request.RequestValue;

class TrustBatchCommandTest {

  private static final String WALLET = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";

  private static RequestValue.Obj entry(Map<String, String> members) {
    Map<String, RequestValue> values = new LinkedHashMap<>();
    members.forEach((name, text) -> values.put(name, new RequestValue.Text(text)));
    return new RequestValue.Obj(values);
  }

  private static RequestValue.Obj batch(List<RequestValue> entries, String proof) {
    Map<String, RequestValue> body = new LinkedHashMap<>();
    body.put("wallets", new RequestValue.Arr(entries));
    if (proof != null) {
      body.put("proof", new RequestValue.Text(proof));
    }
    return new RequestValue.Obj(body);
  }

  @Test
  void proofBelongsToTheBatch_anEntryCarryingItIsRefusedByName() {
    assertThat(
            TrustBatchCommand.parse(batch(List.of(entry(Map.of("wallet", WALLET))), "merkle"))
                .proof())
        .isTrue();
    assertThatThrownBy(
            () ->
                TrustBatchCommand.parse(
                    batch(
                        List.of(
                            entry(Map.of("wallet", WALLET)),
                            entry(Map.of("wallet", WALLET, "proof", "merkle"))),
                        null)))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith("wallets[1].proof is not allowed");
  }

  @Test
  void aBrokenMemberOfAnEntry_isNamedWithItsPosition() {
    assertThatThrownBy(
            () ->
                TrustBatchCommand.parse(
                    batch(
                        List.of(entry(Map.of("wallet", WALLET, "xrplWallet", "rNotAnAddress"))),
                        null)))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("wallets[0].xrplWallet");
  }
}
