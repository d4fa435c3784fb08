package org.walletstate.application.attest.port.in;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collections;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.attest.AttestRequest;
import org.walletstate.domain.attest.DeclaredLimits;
import org.walletstate.domain.attest.ProofMode;
import org.walletstate.domain.attest.ResponseFormat;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.payload.KeyVersion;

class AttestCommandTest {

  static final String WALLET = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";
  static final String FARCASTER = "{\"type\":\"farcaster_id\"}";

  static AttestCommand command(String body) {
    return AttestCommands.parse(Json.object(body), KeyVersion.V2);
  }

  /** What {@code body} asks of the chains, as the command carries it. */
  static AttestRequest parse(String body) {
    return command(body).request();
  }

  static void refused(String body, String message) {
    assertThatThrownBy(() -> parse(body))
        .isInstanceOf(ValidationException.class)
        .hasMessage(message);
  }

  static String withWallet(String members) {
    return "{\"wallet\":\"" + WALLET + "\",\"conditions\":[" + FARCASTER + "]" + members + "}";
  }

  @Nested
  class Wallets {
    @Test
    void theEvmWalletIsValidated() {
      assertThat(parse(withWallet("")).wallets().evm()).contains(EvmAddress.of(WALLET));
      refused(
          "{\"wallet\":\"0xd8dA6BF26964aF9D7eEd9e03E53415D37aA9604\",\"conditions\":["
              + FARCASTER
              + "]}",
          "wallet must be an EVM address (0x followed by 40 hex digits), got"
              + " \"0xd8dA6BF26964aF9D7eEd9e03E53415D37aA9604\"");
      refused(
          "{\"wallet\":7,\"conditions\":[" + FARCASTER + "]}",
          "wallet must be a string, not a number");
    }

    @Test
    void aWalletIsRequired() {
      refused(
          "{\"conditions\":[" + FARCASTER + "]}",
          "wallet is required unless another wallet field (solanaWallet, xrplWallet,"
              + " bitcoinWallet, tronWallet, stellarWallet, suiWallet) is given");
    }

    @Test
    void evmConditionsNeedTheEvmWalletEvenWhenAnotherIsGiven() {
      refused(
          "{\"solanaWallet\":\"9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM\",\"conditions\":["
              + FARCASTER
              + "]}",
          "wallet is required: conditions[0] is evaluated on EVM chain 10");
    }

    @Test
    void otherWalletsAreKeptAsSent() {
      AttestCommand command =
          command(
              withWallet(
                  ",\"solanaWallet\":\"9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM\","
                      + "\"xrplWallet\":\"rUNaS5sqRuxZz6V7rBGhoSaZiVYA3ut4UL\","
                      + "\"bitcoinWallet\":\"1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa\","
                      + "\"tronWallet\":\"T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb\","
                      + "\"stellarWallet\":\"GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN\","
                      + "\"suiWallet\":\"0xabababababababababababababababababababababababababababababababab\""));

      assertThat(command.request().wallets().of(ChainFamily.SOLANA).map(WalletAddress::text))
          .contains("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM");
      assertThat(command.request().wallets().of(ChainFamily.XRPL).map(WalletAddress::text))
          .contains("rUNaS5sqRuxZz6V7rBGhoSaZiVYA3ut4UL");
      assertThat(command.request().wallets().of(ChainFamily.BITCOIN).map(WalletAddress::text))
          .contains("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa");
      assertThat(command.request().wallets().of(ChainFamily.TRON).map(WalletAddress::text))
          .contains("T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb");
      assertThat(command.request().wallets().of(ChainFamily.STELLAR).map(WalletAddress::text))
          .contains("GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN");
      assertThat(command.request().wallets().of(ChainFamily.SUI).map(WalletAddress::text))
          .contains("0xabababababababababababababababababababababababababababababababab");
    }

    @Test
    void otherWalletsAreNonEmptyStrings() {
      refused(
          withWallet(",\"tronWallet\":\" \""),
          "tronWallet must be a Tron address (T followed by base58, 34 characters, checksum"
              + " verified), got \" \"");
      refused(withWallet(",\"suiWallet\":5"), "suiWallet must be a string, not a number");
    }
  }

  @Nested
  class Options {
    @Test
    void defaultsToNoProofStandardFormatAndIncludedLimits() {
      AttestCommand command = command(withWallet(""));

      assertThat(command.request().proof()).isEqualTo(ProofMode.NONE);
      assertThat(command.format()).isEqualTo(ResponseFormat.STANDARD);
      assertThat(command.request().declaredLimits()).isEqualTo(DeclaredLimits.INCLUDE);
      assertThat(command.request().keyVersion()).isEqualTo(KeyVersion.V2);
    }

    @Test
    void readsEachOption() {
      AttestCommand command =
          command(
              withWallet(",\"proof\":\"merkle\",\"format\":\"jwt\",\"declaredLimits\":\"omit\""));

      assertThat(command.request().proof()).isEqualTo(ProofMode.MERKLE);
      assertThat(command.format()).isEqualTo(ResponseFormat.JWT);
      assertThat(command.request().declaredLimits()).isEqualTo(DeclaredLimits.OMIT);
    }

    @Test
    void nullIsTheSameAsLeavingAnOptionOut() {
      AttestCommand command =
          command(withWallet(",\"proof\":null,\"format\":null,\"declaredLimits\":null"));

      assertThat(command.request().proof()).isEqualTo(ProofMode.NONE);
      assertThat(command.format()).isEqualTo(ResponseFormat.STANDARD);
      assertThat(command.request().declaredLimits()).isEqualTo(DeclaredLimits.INCLUDE);
    }

    @Test
    void refusesOtherValues() {
      refused(
          withWallet(",\"proof\":\"Merkle\""),
          "proof \"Merkle\" is not supported; send \"merkle\" or leave it out");
      refused(withWallet(",\"proof\":true"), "proof must be a string, not a boolean");
      refused(
          withWallet(",\"format\":\"jws\""),
          "format \"jws\" is not supported; send \"jwt\" or leave it out");
      refused(
          withWallet(",\"declaredLimits\":\"all\""),
          "declaredLimits \"all\" is not supported; send \"include\" or \"omit\"");
      refused(
          withWallet(",\"declaredLimits\":[]"), "declaredLimits must be a string, not an array");
    }

    @Test
    void anchorsAtTheLatestBlockUnlessAskedAndReadsEachTag() {
      assertThat(parse(withWallet("")).anchor()).isEqualTo(AnchorTag.LATEST);
      assertThat(parse(withWallet(",\"anchor\":null")).anchor()).isEqualTo(AnchorTag.LATEST);
      assertThat(parse(withWallet(",\"anchor\":\"latest\"")).anchor()).isEqualTo(AnchorTag.LATEST);
      assertThat(parse(withWallet(",\"anchor\":\"safe\"")).anchor()).isEqualTo(AnchorTag.SAFE);
      assertThat(parse(withWallet(",\"anchor\":\"finalized\"")).anchor())
          .isEqualTo(AnchorTag.FINALIZED);
    }

    @Test
    void refusesAnAnchorThatIsNotATag() {
      refused(
          withWallet(",\"anchor\":\"Finalized\""),
          "anchor \"Finalized\" is not supported; send \"latest\", \"safe\" or \"finalized\","
              + " or leave it out");
      refused(
          withWallet(",\"anchor\":\"0x10\""),
          "anchor \"0x10\" is not supported; send \"latest\", \"safe\" or \"finalized\","
              + " or leave it out");
      refused(withWallet(",\"anchor\":64"), "anchor must be a string, not a number");
    }

    @Test
    void refusesATagOnAChainThatDoesNotServeIt() {
      String polygon =
          "{\"wallet\":\""
              + WALLET
              + "\",\"anchor\":\"finalized\",\"conditions\":["
              + FARCASTER
              + ",{\"type\":\"token_balance\",\"chainId\":137,\"contractAddress\":\"native\","
              + "\"threshold\":\"1\"}]}";
      refused(
          polygon,
          "anchor \"finalized\" is not available on Polygon (chain 137, conditions[1]): its nodes"
              + " are not known to serve the \"finalized\" block tag; send \"latest\" or leave"
              + " anchor out");
      assertThat(parse(polygon.replace("\"finalized\"", "\"latest\"")).anchor())
          .isEqualTo(AnchorTag.LATEST);
    }

    @Test
    void refusesATagOnANonEvmChain() {
      String tron =
          "{\"tronWallet\":\"T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb\",\"anchor\":\"safe\","
              + "\"conditions\":[{\"type\":\"token_balance\",\"chainId\":\"tron\","
              + "\"contractAddress\":\"native\",\"threshold\":\"1\"}]}";
      refused(
          tron,
          "anchor \"safe\" is not available on Tron (chain tron, conditions[0]): it is not an EVM"
              + " chain, and its reads take no block tag; send \"latest\" or leave anchor out");
    }

    @Test
    void ignoresMembersTheInterfaceDoesNotDefine() {
      assertThat(parse(withWallet(",\"callback\":\"https://example.org\",\"v\":2")).conditions())
          .hasSize(1);
    }
  }

  @Nested
  class Conditions {
    @Test
    void areRequired() {
      refused("{\"wallet\":\"" + WALLET + "\"}", "conditions is required");
    }

    @Test
    void areAnArray() {
      refused(
          "{\"wallet\":\"" + WALLET + "\",\"conditions\":{}}",
          "conditions must be an array, not an object");
    }

    @Test
    void holdAtLeastOne() {
      refused(
          "{\"wallet\":\"" + WALLET + "\",\"conditions\":[]}",
          "conditions must hold at least 1 condition");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 10})
    void holdUpToTen(int count) {
      String conditions = String.join(",", Collections.nCopies(count, FARCASTER));

      assertThat(
              parse("{\"wallet\":\"" + WALLET + "\",\"conditions\":[" + conditions + "]}")
                  .conditions())
          .hasSize(count);
    }

    @Test
    void holdAtMostTen() {
      String eleven = String.join(",", Collections.nCopies(11, FARCASTER));

      refused(
          "{\"wallet\":\"" + WALLET + "\",\"conditions\":[" + eleven + "]}",
          "conditions must hold at most 10 conditions (got 11)");
    }

    @Test
    void keepRequestOrderAndLabels() {
      AttestCommand command =
          command(
              "{\"wallet\":\""
                  + WALLET
                  + "\",\"conditions\":[{\"type\":\"farcaster_id\","
                  + "\"label\":\"has fid\"},{\"type\":\"account_code\",\"chainId\":1,"
                  + "\"expect\":\"none\"}]}");

      assertThat(command.request().conditions())
          .extracting(c -> c.index() + ":" + c.condition().type() + ":" + c.label())
          .containsExactly("0:farcaster_id:has fid", "1:account_code:");
    }
  }

  @Nested
  class NativeMirrorPairs {
    private static final String CELO_MIRROR = "0x471EcE3750Da237f93B8E339c536989b8978a438";
    private static final String ARC_USDC = "0x3600000000000000000000000000000000000000";

    private String balance(long chain, String contract) {
      return "{\"type\":\"token_balance\",\"chainId\":"
          + chain
          + ",\"contractAddress\":\""
          + contract
          + "\",\"threshold\":\"1\"}";
    }

    private String body(String... conditions) {
      return "{\"wallet\":\""
          + WALLET
          + "\",\"conditions\":["
          + String.join(",", conditions)
          + "]}";
    }

    @Test
    void nativeCeloAndItsErc20MirrorAreRefusedNamingBothConditions() {
      refused(
          body(FARCASTER, balance(42220, "native"), FARCASTER, balance(42220, CELO_MIRROR)),
          "conditions[1] and conditions[3] read the same CELO holding on chain 42220 twice"
              + " (native and its ERC-20 0x471EcE3750Da237f93B8E339c536989b8978a438); keep one"
              + " of them");
    }

    @Test
    void theArcUsdcPredeployAndNativeUsdcAreRefusedInEitherOrder() {
      refused(
          body(balance(5042, ARC_USDC.toLowerCase()), balance(5042, "native")),
          "conditions[0] and conditions[1] read the same USDC holding on chain 5042 twice"
              + " (native and its ERC-20 0x3600000000000000000000000000000000000000); keep one"
              + " of them");
    }

    @Test
    void eitherSideAloneIsAccepted() {
      assertThat(parse(body(balance(42220, "native"), balance(5042, ARC_USDC))).conditions())
          .hasSize(2);
    }

    @Test
    void theMirrorOfAnotherChainIsNotAPair() {
      assertThat(parse(body(balance(42220, "native"), balance(1, CELO_MIRROR))).conditions())
          .hasSize(2);
    }

    @Test
    void onlyTokenBalancePairsAreRefused() {
      String ratio =
          "{\"type\":\"ratio_to_amount\",\"chainId\":42220,\"contractAddress\":\"native\","
              + "\"multiple\":\"2\",\"amount\":\"1\"}";

      assertThat(parse(body(ratio, balance(42220, CELO_MIRROR))).conditions()).hasSize(2);
    }
  }
}
