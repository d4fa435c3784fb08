package org.walletstate.domain.attest.condition;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.walletstate.application.attest.port.in.AttestCommands;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.SolanaMint;
import org.walletstate.domain.address.XrplAddress;
import org.walletstate.domain.address.XrplCurrency;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.attest.AttestRequest;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.solana.SolanaRead;
import org.walletstate.domain.xrpl.TrustLineHolding;
import org.walletstate.domain.xrpl.XrplRead;

/** The Solana and XRPL variants of the holding types: what they read and how they decide. */
class FamilyConditionsTest {

  private static final String SOL = "A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd";
  private static final String MINT = "2cHr7QS3xfuSV8wdxo3ztuF4xbiarF6Nrgx3qpx3HzXR";
  private static final String XRPL = "r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59";
  private static final String ISSUER = "rMwjYedjc7qqtKYVLiAccJSmCwih4LnE2q";

  private static final XrplRead.TrustLine USD_LINE =
      new XrplRead.TrustLine(XrplAddress.of(XRPL), XrplAddress.of(ISSUER), XrplCurrency.of("USD"));
  private static final XrplRead.IssuerFrozen USD_ISSUER =
      new XrplRead.IssuerFrozen(XrplAddress.of(ISSUER));
  private static final Anchor LEDGER = new Anchor.XrplLedger(7, "AB".repeat(32));

  private static BoundCondition<?> bound(String condition) {
    AttestRequest request =
        AttestCommands.parse(
                Json.object(
                    "{\"solanaWallet\":\""
                        + SOL
                        + "\",\"xrplWallet\":\""
                        + XRPL
                        + "\",\"conditions\":["
                        + condition
                        + "]}"),
                KeyVersion.V2)
            .request();
    return request.boundConditions().get(0);
  }

  private static ConditionVerdict evaluate(
      BoundCondition<?> condition, Anchor anchor, Map<ChainRead<?>, Reading<?>> answers) {
    return condition.evaluate(KeyVersion.V2, anchor, Readings.of(answers), "conditions[0]");
  }

  @Test
  void solanaTokenBalance_readsTheMintAndTheSummedAmount_andDecidesExactly() {
    BoundCondition<?> condition =
        bound(
            "{\"type\":\"token_balance\",\"chainId\":\"solana\",\"contractAddress\":\""
                + MINT
                + "\",\"threshold\":\"420000000\"}");
    var decimals = new SolanaRead.MintDecimals(SolanaMint.of(MINT));
    var amount = new SolanaRead.TokenAmount(SolanaAddress.of(SOL), SolanaMint.of(MINT));

    assertThat(condition.condition()).isInstanceOf(TokenBalance.class);
    assertThat(Set.<Object>copyOf(condition.reads())).containsExactlyInAnyOrder(decimals, amount);
    Map<ChainRead<?>, Reading<?>> answers = new LinkedHashMap<>();
    answers.put(decimals, new Reading.Value<>(TokenDecimals.of(6)));
    answers.put(amount, new Reading.Value<>(new BigInteger("419999999999999")));
    ConditionVerdict verdict = evaluate(condition, new Anchor.SolanaSlot(5), answers);
    assertThat(((ConditionVerdict.Decided) verdict).met()).isFalse();

    answers.put(amount, new Reading.Unreadable<>("gone"));
    assertThat(evaluate(condition, new Anchor.SolanaSlot(5), answers))
        .isEqualTo(
            new ConditionVerdict.Unavailable(
                FailureSource.BALANCE_READ, "token balance could not be read"));
  }

  @Test
  void xrplTrustLine_frozenIsMetFalse_withTrustLineState_andAnUnreadableIssuerIsUnavailable() {
    BoundCondition<?> condition =
        bound(
            "{\"type\":\"token_balance\",\"chainId\":\"xrpl\",\"contractAddress\":\""
                + ISSUER
                + "\",\"currency\":\"USD\",\"threshold\":\"1\"}");
    Map<ChainRead<?>, Reading<?>> answers = new LinkedHashMap<>();
    answers.put(USD_LINE, new Reading.Value<>(new TrustLineHolding(new BigDecimal("100"), false)));
    answers.put(USD_ISSUER, new Reading.Value<>(true));

    ConditionVerdict.Decided frozen =
        (ConditionVerdict.Decided) evaluate(condition, LEDGER, answers);
    assertThat(frozen.met()).isFalse();
    assertThat(frozen.extras().get("trustLineState").toString()).contains("frozen", "true");

    answers.put(USD_ISSUER, new Reading.Value<>(false));
    assertThat(((ConditionVerdict.Decided) evaluate(condition, LEDGER, answers)).met()).isTrue();

    answers.put(USD_ISSUER, new Reading.Unreadable<>("actNotFound"));
    assertThat(evaluate(condition, LEDGER, answers))
        .isInstanceOf(ConditionVerdict.Unavailable.class)
        .extracting(v -> ((ConditionVerdict.Unavailable) v).source())
        .isEqualTo(FailureSource.TOKEN_METADATA_READ);
  }

  @Test
  void xrplRatioToAmount_onXrp_comparesDropsExactly_andSignsTheDerivedThreshold() {
    BoundCondition<?> condition =
        bound(
            "{\"type\":\"ratio_to_amount\",\"chainId\":\"xrpl\",\"contractAddress\":\"native\","
                + "\"multiple\":\"2\",\"amount\":\"12.500001\"}");
    var drops = new XrplRead.XrpDrops(XrplAddress.of(XRPL));
    Map<ChainRead<?>, Reading<?>> answers = new LinkedHashMap<>();

    assertThat(condition.condition()).isInstanceOf(RatioToAmount.class);
    assertThat(Set.<Object>copyOf(condition.reads())).containsExactly(drops);
    // 2 × 12.500001 XRP = 25000002 drops: one drop short is not met
    answers.put(drops, new Reading.Value<>(BigInteger.valueOf(25_000_001)));
    ConditionVerdict.Decided shortOfIt =
        (ConditionVerdict.Decided) evaluate(condition, LEDGER, answers);
    assertThat(shortOfIt.met()).isFalse();
    PayloadValue.Obj shape = shortOfIt.evaluatedCondition();
    assertThat(shape.get("threshold")).isEqualTo(PayloadValue.text("25.000002"));
    assertThat(shape.get("multiple")).isEqualTo(PayloadValue.text("2"));
    assertThat(shape.get("amount")).isEqualTo(PayloadValue.text("12.500001"));
    assertThat(shortOfIt.extras().members()).isEmpty();
    answers.put(drops, new Reading.Value<>(BigInteger.valueOf(25_000_002)));
    assertThat(((ConditionVerdict.Decided) evaluate(condition, LEDGER, answers)).met()).isTrue();
  }

  @Test
  void xrplRatioToAmount_onATrustLine_isExactInTheTokensUnits_andAFrozenLineIsNeverMet() {
    BoundCondition<?> condition =
        bound(
            "{\"type\":\"ratio_to_amount\",\"chainId\":\"xrpl\",\"contractAddress\":\""
                + ISSUER
                + "\",\"currency\":\"USD\",\"multiple\":\"3\",\"amount\":\"50.0834\"}");
    Map<ChainRead<?>, Reading<?>> answers = new LinkedHashMap<>();
    answers.put(USD_ISSUER, new Reading.Value<>(false));
    answers.put(
        USD_LINE, new Reading.Value<>(new TrustLineHolding(new BigDecimal("150.2501"), false)));

    assertThat(Set.<Object>copyOf(condition.reads()))
        .containsExactlyInAnyOrder(USD_LINE, USD_ISSUER);
    ConditionVerdict.Decided under =
        (ConditionVerdict.Decided) evaluate(condition, LEDGER, answers);
    assertThat(under.met()).as("150.2501 < 3 × 50.0834 = 150.2502").isFalse();
    assertThat(under.evaluatedCondition().get("currency").toString()).contains("USD");
    assertThat(under.extras().get("trustLineState").toString()).contains("false");
    answers.put(
        USD_LINE, new Reading.Value<>(new TrustLineHolding(new BigDecimal("150.2502"), false)));
    assertThat(((ConditionVerdict.Decided) evaluate(condition, LEDGER, answers)).met()).isTrue();
    answers.put(USD_LINE, new Reading.Value<>(new TrustLineHolding(new BigDecimal("9000"), true)));
    ConditionVerdict.Decided frozen =
        (ConditionVerdict.Decided) evaluate(condition, LEDGER, answers);
    assertThat(frozen.met()).isFalse();
    assertThat(frozen.extras().get("trustLineState").toString()).contains("true");
  }

  @Test
  void xrplNfts_beyondThePageBound_areUnavailableWithAMessageTheCallerCanActOn() {
    BoundCondition<?> condition =
        bound(
            "{\"type\":\"nft_ownership\",\"chainId\":\"xrpl\",\"contractAddress\":\""
                + ISSUER
                + "\",\"taxon\":7}");
    var nfts =
        new XrplRead.NftHeld(
            XrplAddress.of(XRPL),
            XrplAddress.of(ISSUER),
            Optional.of(org.walletstate.domain.address.XrplTaxon.of(7, "taxon")));
    assertThat(Set.<Object>copyOf(condition.reads())).containsExactly(nfts);

    ConditionVerdict verdict =
        evaluate(
            condition,
            new Anchor.XrplLedger(7, "AB".repeat(32)),
            Map.of(nfts, new Reading.Unreadable<>(XrplRead.NftHeld.TOO_MANY)));

    assertThat(verdict)
        .isEqualTo(
            new ConditionVerdict.Unavailable(
                FailureSource.BALANCE_READ, XrplRead.NftHeld.TOO_MANY));
  }
}
