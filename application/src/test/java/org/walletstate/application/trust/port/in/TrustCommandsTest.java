package org.walletstate.application.trust.port.in;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.observation.QuorumFamilies;
import org.walletstate.domain.request.RequestValue;
import org.walletstate.domain.trust.TrustWallets;

class TrustCommandsTest {

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
            TrustCommands.batch(batch(List.of(entry(Map.of("wallet", WALLET))), "merkle")).proof())
        .isTrue();
    assertThatThrownBy(
            () ->
                TrustCommands.batch(
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
                TrustCommands.batch(
                    batch(
                        List.of(entry(Map.of("wallet", WALLET, "xrplWallet", "rNotAnAddress"))),
                        null)))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("wallets[0].xrplWallet");
  }

  @Test
  void aBatchBuiltWithoutTheReaderHoldsOneToTenWallets() {
    assertThatThrownBy(() -> new TrustBatchCommand(List.of(), false))
        .isInstanceOf(ValidationException.class)
        .hasMessage("wallets must hold 1 to 10 entries, not 0");
    List<TrustWallets> eleven =
        java.util.Collections.nCopies(11, TrustWallets.of(EvmAddress.of(WALLET)));
    assertThatThrownBy(() -> new TrustBatchCommand(eleven, false))
        .isInstanceOf(ValidationException.class)
        .hasMessage("wallets must hold 1 to 10 entries, not 11");
  }

  @Test
  void walletsBuiltWithoutTheReaderAreEachOfTheFamilyTheyAreGivenFor() {
    EvmAddress evm = EvmAddress.of(WALLET);
    assertThatThrownBy(() -> new TrustWallets(evm, Map.of(ChainFamily.EVM, evm)))
        .isInstanceOf(ValidationException.class)
        .hasMessage("the EVM wallet is the profile's wallet, not another");
    assertThatThrownBy(() -> new TrustWallets(evm, Map.of(ChainFamily.SOLANA, evm)))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith("solanaWallet must be a ");
  }

  @Test
  void theProfileReaderReadsTheSameWalletsAndProof() {
    Map<String, RequestValue> body = new LinkedHashMap<>();
    body.put("wallet", new RequestValue.Text(WALLET));
    body.put("proof", new RequestValue.Text("merkle"));
    TrustCommand command = TrustCommands.profile(new RequestValue.Obj(body));

    assertThat(command.wallets()).isEqualTo(TrustWallets.of(EvmAddress.of(WALLET)));
    assertThat(command.proof()).isTrue();
    body.put("proof", new RequestValue.Text("zk"));
    assertThatThrownBy(() -> TrustCommands.profile(new RequestValue.Obj(body)))
        .isInstanceOf(ValidationException.class)
        .hasMessage("proof must be \"merkle\" when given");
  }

  private static RequestValue.Obj with(RequestValue.Obj body, String member, String text) {
    Map<String, RequestValue> values = new LinkedHashMap<>(body.members());
    values.put(member, new RequestValue.Text(text));
    return new RequestValue.Obj(values);
  }

  @Test
  void assurance_isReadForAProfileAndABatch_andAbsentWhenNotSent() {
    RequestValue.Obj profile = entry(Map.of("wallet", WALLET));
    assertThat(TrustCommands.profile(profile).assurance()).isEmpty();
    assertThat(TrustCommands.profile(profile).quorum()).isFalse();
    assertThat(TrustCommands.profile(with(profile, "assurance", "quorum")).quorum()).isTrue();
    assertThat(TrustCommands.profile(with(profile, "assurance", "single")).assurance())
        .contains(Assurance.SINGLE);
    RequestValue.Obj batch = batch(List.of(entry(Map.of("wallet", WALLET))), null);
    assertThat(TrustCommands.batch(batch).assurance()).isEmpty();
    assertThat(TrustCommands.batch(with(batch, "assurance", "quorum")).quorum()).isTrue();
  }

  @Test
  void anotherWord_isAttestsRefusal() {
    assertThatThrownBy(
            () ->
                TrustCommands.profile(with(entry(Map.of("wallet", WALLET)), "assurance", "Quorum")))
        .isInstanceOf(ValidationException.class)
        .hasMessage(
            "assurance \"Quorum\" is not supported; send \"single\" or \"quorum\", or leave it"
                + " out");
  }

  /** A wallet of every family a profile takes besides EVM, as its member gives it. */
  private static final Map<ChainFamily, String> OTHER_WALLETS =
      Map.of(
          ChainFamily.SOLANA, "A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd",
          ChainFamily.XRPL, "r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59",
          ChainFamily.BITCOIN, "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
          ChainFamily.TRON, "TZ4UXDV5ZhNW7fb2AMSbgfAEZ7hWsnYS2g",
          ChainFamily.STELLAR, "GDI73WJ4SX7LOG3XZDJC3KCK6ED6E5NBYK2JUBQSPBCNNWEG3ZN7T75U",
          ChainFamily.SUI, "0x" + "a1".repeat(32));

  private static RequestValue.Obj withWalletOf(ChainFamily family) {
    return entry(
        Map.of("wallet", WALLET, TrustWallets.memberOf(family), OTHER_WALLETS.get(family)));
  }

  @Test
  void aQuorumWithSolanaAndXrplWallets_isAccepted_asTheChainLayerReadsAQuorumOnThem() {
    RequestValue.Obj profile =
        entry(
            Map.of(
                "wallet", WALLET,
                "solanaWallet", OTHER_WALLETS.get(ChainFamily.SOLANA),
                "xrplWallet", OTHER_WALLETS.get(ChainFamily.XRPL)));
    assertThat(TrustCommands.profile(with(profile, "assurance", "quorum")).quorum()).isTrue();
    RequestValue.Obj batch =
        with(batch(List.of(entry(Map.of("wallet", WALLET)), profile), null), "assurance", "quorum");
    assertThat(TrustCommands.batch(batch).quorum()).isTrue();
  }

  @Test
  void aQuorumWithAWalletOfAFamilyWithoutQuorumReads_isRefusedNamingTheMember_singleIsNot() {
    // every optional family: those the chain layer reads a quorum on pass, the others are named
    for (ChainFamily family : OTHER_WALLETS.keySet()) {
      RequestValue.Obj profile = withWalletOf(family);
      assertThat(TrustCommands.profile(with(profile, "assurance", "single")).quorum()).isFalse();
      if (QuorumFamilies.reads(family)) {
        assertThat(TrustCommands.profile(with(profile, "assurance", "quorum")).quorum()).isTrue();
        continue;
      }
      String member = TrustWallets.memberOf(family);
      assertThatThrownBy(() -> TrustCommands.profile(with(profile, "assurance", "quorum")))
          .isInstanceOf(ValidationException.class)
          .hasMessage(
              "assurance \"quorum\" is not available on "
                  + family
                  + " chains ("
                  + member
                  + "): quorum reads are made on "
                  + QuorumFamilies.text()
                  + " only");
      RequestValue.Obj batch =
          with(
              batch(List.of(entry(Map.of("wallet", WALLET)), profile), null),
              "assurance",
              "quorum");
      assertThatThrownBy(() -> TrustCommands.batch(batch))
          .isInstanceOf(ValidationException.class)
          .hasMessageContaining("(wallets[1]." + member + ")");
    }
  }

  @Test
  void assuranceBelongsToTheBatch_anEntryCarryingItIsRefusedByName() {
    assertThatThrownBy(
            () ->
                TrustCommands.batch(
                    batch(List.of(entry(Map.of("wallet", WALLET, "assurance", "quorum"))), null)))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith("wallets[0].assurance is not allowed");
  }
}
