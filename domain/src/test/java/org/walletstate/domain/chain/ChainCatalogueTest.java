package org.walletstate.domain.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.request.RequestValue;

class ChainCatalogueTest {

  private static RequestValue number(String literal) {
    return new RequestValue.Number(new BigDecimal(literal), literal);
  }

  private static RequestValue text(String s) {
    return new RequestValue.Text(s);
  }

  @Test
  void holdsThirtyOneEvmChainsAndSixOthers() {
    assertThat(ChainCatalogue.evmChains()).hasSize(31);
    assertThat(ChainCatalogue.all()).hasSize(37);
    assertThat(ChainCatalogue.all().stream().filter(c -> !c.isEvm()).map(c -> c.id().toString()))
        .containsExactly("solana", "xrpl", "bitcoin", "tron", "stellar", "sui");
  }

  @Test
  void carriesStorageProofsOnTwentySevenEvmChains() {
    assertThat(ChainCatalogue.evmChains().stream().filter(c -> c.proofs().available())).hasSize(27);
    assertThat(
            ChainCatalogue.evmChains().stream()
                .filter(c -> !c.proofs().available())
                .map(c -> c.id().wireValue()))
        .containsExactlyInAnyOrder(59144L, 324L, 81457L, 1329L);
  }

  @Test
  void merchantConfigurationIsEveryEvmChainPlusSolanaAndXrpl() {
    assertThat(ChainCatalogue.all().stream().filter(Chain::merchantConfiguration)).hasSize(33);
    assertThat(
            ChainCatalogue.all().stream()
                .filter(c -> !c.merchantConfiguration())
                .map(c -> c.id().toString()))
        .containsExactlyInAnyOrder("bitcoin", "tron", "stellar", "sui");
  }

  @Test
  void paymentChainsAreTheTenOfTheInterface() {
    assertThat(ChainCatalogue.all().stream().filter(Chain::payment).map(c -> c.id().toString()))
        .containsExactlyInAnyOrder(
            "1", "8453", "137", "42161", "10", "56", "43114", "solana", "bitcoin", "tron");
  }

  @Test
  void knowsNativeCurrencies() {
    Map<String, String> expected =
        Map.of("137", "POL/18", "5042", "USDC/18", "solana", "SOL/9", "bitcoin", "BTC/8");
    expected.forEach(
        (id, currency) -> {
          Chain chain = ChainCatalogue.parse(text(id), "chainId");
          NativeCurrency n = chain.nativeCurrency();
          assertThat(n.symbol() + "/" + n.decimals()).isEqualTo(currency);
        });
  }

  @Test
  void parsesIntegersDigitStringsAndChainWords() {
    assertThat(ChainCatalogue.parse(number("8453"), "chainId").name()).isEqualTo("Base");
    assertThat(ChainCatalogue.parse(text("8453"), "chainId").name()).isEqualTo("Base");
    assertThat(ChainCatalogue.parse(text("xrpl"), "chainId").family()).isEqualTo(ChainFamily.XRPL);
  }

  @Test
  void refusesRetiredChainsByName() {
    assertThatThrownBy(() -> ChainCatalogue.parse(number("1284"), "conditions[1].chainId"))
        .isInstanceOf(ValidationException.class)
        .hasMessage("conditions[1].chainId 1284 (Moonbeam) is retired and no longer supported");
    assertThatThrownBy(() -> ChainCatalogue.parse(text("1285"), "chainId"))
        .hasMessageContaining("Moonriver");
  }

  @Test
  void refusesUnknownFractionalAndMistypedIds() {
    assertThatThrownBy(() -> ChainCatalogue.parse(number("999"), "chainId"))
        .hasMessage("chainId 999 is not a supported chain");
    assertThatThrownBy(() -> ChainCatalogue.parse(number("1.5"), "chainId"))
        .hasMessage("chainId 1.5 is not an integer chain id");
    assertThatThrownBy(() -> ChainCatalogue.parse(number("-1"), "chainId"))
        .hasMessage("chainId -1 is not a supported chain");
    assertThatThrownBy(() -> ChainCatalogue.parse(text("Solana"), "chainId"))
        .hasMessageContaining("\"Solana\" is not a supported chain");
    assertThatThrownBy(() -> ChainCatalogue.parse(new RequestValue.Bool(true), "chainId"))
        .hasMessage("chainId must be an integer chain id or a chain name, not a boolean");
    assertThatThrownBy(() -> ChainCatalogue.parse(RequestValue.ABSENT, "chainId"))
        .hasMessage("chainId is required");
    assertThatThrownBy(() -> ChainCatalogue.parse(number("1e30"), "chainId"))
        .isInstanceOf(ValidationException.class);
  }

  @Test
  void refusesADigitStringLongerThanAnyChainId_withoutEchoingAllOfIt() {
    String digits = "1".repeat(100_000);
    assertThatThrownBy(() -> ChainCatalogue.parse(text(digits), "chainId"))
        .isInstanceOf(ValidationException.class)
        .hasMessage("chainId \"111111111111111111…\" (100000 digits) is not a supported chain");
    assertThatThrownBy(() -> ChainCatalogue.parse(text("9223372036854775808"), "chainId"))
        .hasMessageContaining("(19 digits) is not a supported chain");
    assertThat(ChainCatalogue.parse(text("0".repeat(40) + "8453"), "chainId").name())
        .isEqualTo("Base");
  }

  @Test
  void safeAndFinalizedAreServedOnTheMergedAndOpStackChainsOnly() {
    assertThat(
            ChainCatalogue.all().stream()
                .filter(chain -> chain.serves(AnchorTag.FINALIZED))
                .map(chain -> chain.id().toString()))
        .containsExactly(
            "1", "8453", "10", "1868", "100", "5000", "42220", "204", "480", "130", "57073");
    for (Chain chain : ChainCatalogue.all()) {
      assertThat(chain.serves(AnchorTag.LATEST)).isTrue();
      assertThat(chain.serves(AnchorTag.SAFE)).isEqualTo(chain.serves(AnchorTag.FINALIZED));
      if (!chain.isEvm()) {
        assertThat(chain.anchorTags()).containsExactly(AnchorTag.LATEST);
      }
    }
  }

  @Test
  void anEvmAnchorNamesItsTagOnlyWhenItIsNotTheLatest() {
    java.math.BigInteger number = java.math.BigInteger.valueOf(36);
    java.time.Instant at = java.time.Instant.parse("2026-11-20T10:15:23Z");
    assertThat(new Anchor.EvmBlock(number, at).fields().members().keySet())
        .containsExactly("blockNumber", "blockTimestamp");
    assertThat(new Anchor.EvmBlock(number, at, AnchorTag.LATEST))
        .isEqualTo(new Anchor.EvmBlock(number, at));
    assertThat(new Anchor.EvmBlock(number, at, AnchorTag.FINALIZED).fields().members())
        .containsExactly(
            Map.entry("blockNumber", new org.walletstate.domain.payload.PayloadValue.Text("0x24")),
            Map.entry(
                "blockTimestamp",
                new org.walletstate.domain.payload.PayloadValue.Text("2026-11-20T10:15:23.000Z")),
            Map.entry(
                "blockTag", new org.walletstate.domain.payload.PayloadValue.Text("finalized")));
    assertThat(AnchorTag.fromWire("safe")).contains(AnchorTag.SAFE);
    assertThat(AnchorTag.fromWire("Safe")).isEmpty();
  }
}
