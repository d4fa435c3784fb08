package org.walletstate.domain.trust;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.XrplAddress;
import org.walletstate.domain.address.XrplCurrency;
import org.walletstate.domain.attest.condition.AccountCodeShapes;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.evm.AccountProof;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.CodeState;
import org.walletstate.domain.evm.read.Aggregate3;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.walletstate.domain.evm.read.ReadOutcomes;
import org.walletstate.domain.fixtures.Multicall;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ReadAssurance;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.BalanceLayout;
import org.walletstate.domain.proof.BalanceSlotSearch;
import org.walletstate.domain.proof.ProofOutcome;
import org.walletstate.domain.proof.ProofTarget;
import org.walletstate.domain.solana.SolanaRead;
import org.walletstate.domain.xrpl.TrustLineHolding;
import org.walletstate.domain.xrpl.XrplRead;

class TrustEvaluationTest {

  private static final TrustCheckList LIST = TrustCheckList.current();
  private static final EvmAddress WALLET =
      EvmAddress.parse("0x70997970c51812dc3a04c8d9cac2a3a7f6e08f8d", "wallet");
  private static final EvmAddress OTHER =
      EvmAddress.parse("0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc", "wallet");
  private static final EvmAddress USDC_ON_1 =
      EvmAddress.parse("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "usdc");
  private static final Anchor.SolanaSlot SLOT = new Anchor.SolanaSlot(341197933);
  private static final Anchor.EvmBlock BLOCK =
      new Anchor.EvmBlock(BigInteger.valueOf(100), Instant.parse("2026-10-08T12:00:00Z"));

  /** Chains as a node would answer: every balance 0 unless set, every wallet without code. */
  private static final class Chains {
    final TrustReadPlan plan;
    final Map<ChainId, Map<EvmRequest.EthCall, Aggregate3.Result>> results = new HashMap<>();
    final Map<ChainId, Map<EvmAddress, Bytes>> codes = new HashMap<>();
    final Map<ChainId, ChainObservation> replaced = new HashMap<>();
    final Map<ChainRead<?>, Reading<?>> familyAnswers = new HashMap<>();
    final Map<ProofTarget, ProofOutcome> proofs = new HashMap<>();
    final Map<ChainId, Anchor> anchors = new HashMap<>();
    ReadAssurance read = ReadAssurance.single();

    Chains(List<TrustWallets> wallets) {
      this(wallets, false);
    }

    Chains(List<TrustWallets> wallets, boolean proof) {
      this(wallets, proof, java.util.Optional.empty());
    }

    Chains(List<TrustWallets> wallets, boolean proof, java.util.Optional<Assurance> assurance) {
      plan = TrustReadPlan.of(LIST, wallets, proof, assurance);
    }

    Chains readWith(ReadAssurance assurance) {
      read = assurance;
      return this;
    }

    Chains holds(long chain, EvmAddress token, EvmAddress wallet, long balance) {
      results
          .computeIfAbsent(new ChainId.Evm(chain), c -> new HashMap<>())
          .put(call(token, wallet), new Aggregate3.Result(true, Multicall.word(balance)));
      return this;
    }

    Chains answers(long chain, EvmAddress token, EvmAddress wallet, Aggregate3.Result result) {
      results
          .computeIfAbsent(new ChainId.Evm(chain), c -> new HashMap<>())
          .put(call(token, wallet), result);
      return this;
    }

    Chains code(long chain, EvmAddress wallet, Bytes code) {
      codes.computeIfAbsent(new ChainId.Evm(chain), c -> new HashMap<>()).put(wallet, code);
      return this;
    }

    Chains anchoredAt(long chain, Anchor anchor) {
      anchors.put(new ChainId.Evm(chain), anchor);
      return this;
    }

    Chains observed(long chain, ChainObservation observation) {
      replaced.put(new ChainId.Evm(chain), observation);
      return this;
    }

    private static EvmRequest.EthCall call(EvmAddress token, EvmAddress wallet) {
      return new EvmRequest.EthCall(
          token,
          EvmRead.BALANCE_OF.encodeCall(List.of(org.walletstate.domain.evm.Bytes32.of(wallet))));
    }

    Map<ChainId, ChainObservation> observations() {
      Map<ChainId, ChainObservation> all = new LinkedHashMap<>();
      for (ChainId chain : plan.chains()) {
        if (replaced.containsKey(chain)) {
          all.put(chain, replaced.get(chain));
          continue;
        }
        if (!(chain instanceof ChainId.Evm)) {
          Map<ChainRead<?>, Reading<?>> answers = new HashMap<>();
          for (ChainRead<?> read : plan.query(chain).reads()) {
            answers.put(
                read, familyAnswers.getOrDefault(read, new Reading.Value<>(BigInteger.ZERO)));
          }
          all.put(chain, new ChainObservation.Observed(SLOT, Readings.of(answers), Map.of(), read));
          continue;
        }
        Map<EvmRead<?>, ReadOutcome> outcomes = new HashMap<>();
        aggregate(plan, chain)
            .ifPresent(
                aggregate -> {
                  List<Aggregate3.Result> answers = new ArrayList<>();
                  for (EvmRequest.EthCall call : aggregate.calls()) {
                    answers.add(
                        results
                            .getOrDefault(chain, Map.of())
                            .getOrDefault(call, new Aggregate3.Result(true, Multicall.word(0))));
                  }
                  outcomes.put(aggregate, new ReadOutcome.Data(Multicall.answer(answers)));
                });
        var query = plan.query(chain);
        for (var read : query.reads()) {
          if (read instanceof EvmRead.AccountCode code) {
            outcomes.put(
                code,
                new ReadOutcome.Data(
                    codes.getOrDefault(chain, Map.of()).getOrDefault(code.account(), Bytes.EMPTY)));
          } else if (read instanceof EvmRead.Erc20BalanceOf balanceOf) {
            Aggregate3.Result result =
                results
                    .getOrDefault(chain, Map.of())
                    .getOrDefault(
                        call(balanceOf.token(), balanceOf.holder()),
                        new Aggregate3.Result(true, Multicall.word(0)));
            outcomes.put(balanceOf, new ReadOutcome.Data(result.returnData()));
          } else if (read instanceof EvmRead.Erc20Decimals decimals) {
            outcomes.put(decimals, new ReadOutcome.Data(Multicall.word(6)));
          }
        }
        Map<ProofTarget, ProofOutcome> proven = new HashMap<>();
        query.proofs().stream()
            .filter(proofs::containsKey)
            .forEach(target -> proven.put(target, proofs.get(target)));
        all.put(
            chain,
            new ChainObservation.Observed(
                anchors.getOrDefault(chain, BLOCK), ReadOutcomes.of(outcomes), proven, read));
      }
      return all;
    }

    TrustEvaluation evaluate(TrustWallets wallets, boolean proof) {
      return TrustEvaluation.of(plan, wallets, proof, observations());
    }
  }

  /** The chain's {@code aggregate3}, among the plan's reads there. */
  private static java.util.Optional<Aggregate3> aggregate(TrustReadPlan plan, ChainId chain) {
    return plan.query(chain).reads().stream()
        .filter(Aggregate3.class::isInstance)
        .map(Aggregate3.class::cast)
        .findFirst();
  }

  private static List<DimensionResult> evaluated(TrustEvaluation evaluation) {
    assertThat(evaluation).isInstanceOf(TrustEvaluation.Evaluated.class);
    return ((TrustEvaluation.Evaluated) evaluation).dimensions();
  }

  private static PayloadValue.Obj check(List<DimensionResult> dimensions, String label) {
    return dimensions.stream()
        .flatMap(d -> d.checks().stream())
        .filter(c -> ((PayloadValue.Text) c.get("label")).value().equals(label))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void plan_readsEachEvmChainWithOneAggregateAndTheWalletsCode_only23Chains() {
    TrustReadPlan plan = TrustReadPlan.of(LIST, List.of(TrustWallets.of(WALLET)));

    assertThat(plan.chains()).hasSize(23);
    assertThat(plan.query(new ChainId.Evm(1)).reads())
        .hasSize(2)
        .anyMatch(Aggregate3.class::isInstance)
        .contains(new EvmRead.AccountCode(WALLET));
    assertThat(plan.query(new ChainId.Evm(56)).reads()).hasSize(1);
  }

  @Test
  void plan_ofABatch_stillHasOneAggregatePerChain_holdingEveryWalletsCalls() {
    TrustReadPlan one = TrustReadPlan.of(LIST, List.of(TrustWallets.of(WALLET)));
    TrustReadPlan two =
        TrustReadPlan.of(LIST, List.of(TrustWallets.of(WALLET), TrustWallets.of(OTHER)));

    ChainId mainnet = new ChainId.Evm(1);
    assertThat(two.chains()).isEqualTo(one.chains());
    assertThat(aggregate(two, mainnet).orElseThrow().calls())
        .hasSize(2 * aggregate(one, mainnet).orElseThrow().calls().size());
    assertThat(two.query(mainnet).reads()).filteredOn(Aggregate3.class::isInstance).hasSize(1);
  }

  @Test
  void bareEvmWallet_gets155ChecksInTenDimensions_withUnprovidedRowsNotEvaluated() {
    TrustWallets wallets = TrustWallets.of(WALLET);
    List<DimensionResult> dimensions =
        evaluated(
            new Chains(List.of(wallets)).holds(1, USDC_ON_1, WALLET, 5).evaluate(wallets, false));

    assertThat(dimensions).hasSize(10);
    assertThat(dimensions.stream().mapToInt(DimensionResult::total).sum()).isEqualTo(155);
    DimensionResult institutional = dimensions.get(4);
    assertThat(institutional.dimension()).isEqualTo(TrustDimension.INSTITUTIONAL_STABLECOINS);
    assertThat(institutional.notEvaluatedCount()).isEqualTo(6);
    assertThat(institutional.failCount()).isEqualTo(2);
    PayloadValue.Obj solanaRow = check(dimensions, "PYUSD on Solana");
    assertThat(solanaRow.get("evaluated")).isEqualTo(PayloadValue.bool(false));
    assertThat(solanaRow.get("reason")).isEqualTo(PayloadValue.text("wallet_not_provided"));
    assertThat(solanaRow.get("requires")).isEqualTo(PayloadValue.text("solanaWallet"));
    assertThat(solanaRow.get("met")).isEqualTo(PayloadValue.bool(false));
    assertThat(solanaRow.members()).doesNotContainKeys("blockNumber", "proof", "trustLineState");
    // the XRPL trust-line row that was not read still says what it is
    assertThat(check(dimensions, "USDC on XRPL").get("trustLineState"))
        .isEqualTo(PayloadValue.objectBuilder().put("frozen", false).build());
    assertThat(check(dimensions, "USDC on XRPL").get("met")).isEqualTo(PayloadValue.bool(false));
    assertThat(check(dimensions, "USDC on Ethereum").get("met")).isEqualTo(PayloadValue.bool(true));
    assertThat(dimensions.get(0).passCount()).isEqualTo(1);
    assertThat(dimensions.get(0).failCount()).isEqualTo(51);
  }

  @Test
  void checks_keepTheListsOrder_andCarryTheAnchor() {
    TrustWallets wallets = TrustWallets.of(WALLET);
    List<DimensionResult> dimensions =
        evaluated(new Chains(List.of(wallets)).evaluate(wallets, false));

    List<String> labels =
        dimensions.stream()
            .flatMap(d -> d.checks().stream())
            .map(c -> ((PayloadValue.Text) c.get("label")).value())
            .toList();
    List<String> listed =
        LIST.checks().stream()
            .filter(c -> c.dimension().onlyWith().isEmpty())
            .map(TrustCheck::label)
            .toList();
    assertThat(labels).isEqualTo(listed);
    PayloadValue.Obj row = check(dimensions, "USDC on Ethereum");
    assertThat(row.members().keySet())
        .containsExactly(
            "label", "chainId", "met", "evaluatedCondition", "blockNumber", "blockTimestamp");
    assertThat(row.get("blockNumber")).isEqualTo(PayloadValue.text("0x64"));
  }

  @Test
  void tokenRow_signsAPresenceFact_gtZero() {
    TrustWallets wallets = TrustWallets.of(WALLET);
    PayloadValue.Obj row =
        check(evaluated(new Chains(List.of(wallets)).evaluate(wallets, false)), "USDC on Ethereum");

    assertThat(row.get("evaluatedCondition"))
        .isEqualTo(
            PayloadValue.objectBuilder()
                .put("type", "token_balance")
                .put("chainId", 1)
                .put("contractAddress", "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48")
                .put("operator", "gt")
                .put("threshold", 0)
                .build());
  }

  @Test
  void accountRows_signExactlyAttestsAccountCodeShape() {
    for (TrustCheck check : LIST.checks(TrustDimension.ACCOUNT)) {
      CodeState state = ((TrustCheck.Code) check.subject()).state();
      assertThat(check.evaluatedCondition())
          .as(check.label())
          .isEqualTo(AccountCodeShapes.attestShape(check.chain(), state));
    }
  }

  @Test
  void accountRows_tellContractFromDelegation() {
    TrustWallets wallets = TrustWallets.of(WALLET);
    Bytes designator =
        Bytes.concat(
            Bytes.fromHex("0xef0100"), Bytes.fromHex("0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B"));
    List<DimensionResult> dimensions =
        evaluated(
            new Chains(List.of(wallets))
                .code(8453, WALLET, designator)
                .code(1, WALLET, Bytes.fromHex("0x6080604052"))
                .evaluate(wallets, false));

    DimensionResult account = dimensions.get(9);
    assertThat(account.passCount()).isEqualTo(2);
    assertThat(check(dimensions, "EIP-7702 delegation present on Base").get("met"))
        .isEqualTo(PayloadValue.bool(true));
    assertThat(check(dimensions, "Contract code present on Ethereum").get("met"))
        .isEqualTo(PayloadValue.bool(true));
    assertThat(check(dimensions, "Contract code present on Base").get("met"))
        .isEqualTo(PayloadValue.bool(false));
  }

  @Test
  void aRevertedCall_isNotEvaluatedAtTheBlock_neverAFailure() {
    TrustWallets wallets = TrustWallets.of(WALLET);
    List<DimensionResult> dimensions =
        evaluated(
            new Chains(List.of(wallets))
                .answers(1, USDC_ON_1, WALLET, new Aggregate3.Result(false, Bytes.EMPTY))
                .evaluate(wallets, false));

    PayloadValue.Obj row = check(dimensions, "USDC on Ethereum");
    assertThat(row.get("reason")).isEqualTo(PayloadValue.text("call_reverted"));
    assertThat(row.get("blockNumber")).isEqualTo(PayloadValue.text("0x64"));
    assertThat(dimensions.get(0).notEvaluatedCount()).isEqualTo(1);
    assertThat(dimensions.get(0).failCount()).isEqualTo(51);
  }

  @Test
  void anAnswerThatIsNoBalance_isNotEvaluated() {
    TrustWallets wallets = TrustWallets.of(WALLET);
    List<DimensionResult> dimensions =
        evaluated(
            new Chains(List.of(wallets))
                .answers(1, USDC_ON_1, WALLET, new Aggregate3.Result(true, Bytes.EMPTY))
                .evaluate(wallets, false));

    assertThat(check(dimensions, "USDC on Ethereum").get("reason"))
        .isEqualTo(PayloadValue.text("not_a_balance"));
  }

  @Test
  void withAssurance_everyRowReadSignsItLast_andWithoutItNoRowDoes() {
    TrustWallets wallets = TrustWallets.of(WALLET);
    ReadAssurance quorum = new ReadAssurance(Assurance.QUORUM, 2, 3);
    List<DimensionResult> asked =
        evaluated(
            new Chains(List.of(wallets), false, java.util.Optional.of(Assurance.QUORUM))
                .readWith(quorum)
                .evaluate(wallets, false));
    List<DimensionResult> notAsked =
        evaluated(new Chains(List.of(wallets)).readWith(quorum).evaluate(wallets, false));

    for (DimensionResult dimension : asked) {
      for (PayloadValue.Obj row : dimension.checks()) {
        List<String> members = List.copyOf(row.members().keySet());
        if (row.members().containsKey("requires")) {
          assertThat(members).doesNotContain(ReadAssurance.MEMBER);
        } else {
          assertThat(members.get(members.size() - 1)).isEqualTo(ReadAssurance.MEMBER);
          assertThat(row.get(ReadAssurance.MEMBER)).isEqualTo(quorum.toPayload());
        }
      }
    }
    assertThat(notAsked)
        .allSatisfy(
            d ->
                assertThat(d.checks())
                    .allSatisfy(
                        row -> assertThat(row.members()).doesNotContainKey(ReadAssurance.MEMBER)));
  }

  @Test
  void aChainWhoseProvidersDisagree_failsWithTheDisagreementMessage() {
    TrustWallets wallets = TrustWallets.of(WALLET);
    TrustEvaluation evaluation =
        new Chains(List.of(wallets), false, java.util.Optional.of(Assurance.QUORUM))
            .observed(1, ChainObservation.HeadUnavailable.disagreement("one and two differ"))
            .evaluate(wallets, false);

    assertThat(((TrustEvaluation.Incomplete) evaluation).failures())
        .containsExactly(
            new TrustFailure(
                org.walletstate.domain.chain.FailureSource.CHAIN_HEAD_READ,
                new ChainId.Evm(1),
                ChainObservation.HeadUnavailable.DISAGREED));
  }

  @Test
  void aChainWhoseHeadCannotBeRead_makesTheProfileIncomplete() {
    TrustWallets wallets = TrustWallets.of(WALLET);
    TrustEvaluation evaluation =
        new Chains(List.of(wallets))
            .observed(10, new ChainObservation.HeadUnavailable("down"))
            .evaluate(wallets, false);

    assertThat(evaluation).isInstanceOf(TrustEvaluation.Incomplete.class);
    assertThat(((TrustEvaluation.Incomplete) evaluation).failures())
        .containsExactly(
            new TrustFailure(
                org.walletstate.domain.chain.FailureSource.CHAIN_HEAD_READ,
                new ChainId.Evm(10),
                "chain head could not be read"));
  }

  @Test
  void anUnreadableAggregate_makesTheProfileIncomplete() {
    TrustWallets wallets = TrustWallets.of(WALLET);
    Chains chains = new Chains(List.of(wallets));
    ChainId base = new ChainId.Evm(8453);
    Map<EvmRead<?>, ReadOutcome> outcomes = new HashMap<>();
    for (var read : chains.plan.query(base).reads()) {
      outcomes.put(
          (EvmRead<?>) read,
          read instanceof Aggregate3
              ? new ReadOutcome.Failed("timeout")
              : new ReadOutcome.Data(Bytes.EMPTY));
    }
    chains.observed(8453, new ChainObservation.Observed(BLOCK, ReadOutcomes.of(outcomes)));

    TrustEvaluation evaluation = chains.evaluate(wallets, false);

    assertThat(((TrustEvaluation.Incomplete) evaluation).failures())
        .extracting(TrustFailure::message)
        .containsExactly("token balances could not be read");
  }

  private static final String RLUSD_ISSUER = "rMxCKbEDwqr76QuheSUMdEGf4B9xJ8m5De";
  private static final String TBL_ISSUER = "rJNE2NNz83GJYtWVLwMvchDWEon3huWnFn";
  private static final String USDC_XRPL_ISSUER = "rGm7WCVp9gb4jZHWTEtGUr4dd74z2XuWhE";

  /** An XRPL wallet whose every trust line the list names holds something. */
  private static Chains xrplLines(XrplAddress holder, TrustWallets wallets) {
    Chains chains = new Chains(List.of(wallets));
    chains.familyAnswers.put(
        new XrplRead.XrpDrops(holder), new Reading.Value<>(BigInteger.valueOf(25_000_000)));
    Map<String, String> currencies =
        Map.of(
            RLUSD_ISSUER, "524C555344000000000000000000000000000000",
            TBL_ISSUER, "TBL",
            USDC_XRPL_ISSUER, "5553444300000000000000000000000000000000");
    currencies.forEach(
        (issuer, currency) -> {
          XrplAddress issuerAddress = XrplAddress.parse(issuer, "issuer");
          chains.familyAnswers.put(
              new XrplRead.TrustLine(
                  holder, issuerAddress, XrplCurrency.parse(currency, "currency")),
              new Reading.Value<>(
                  new TrustLineHolding(new BigDecimal("12.5"), issuer.equals(RLUSD_ISSUER))));
          chains.familyAnswers.put(
              new XrplRead.IssuerFrozen(issuerAddress),
              new Reading.Value<>(issuer.equals(USDC_XRPL_ISSUER)));
        });
    return chains;
  }

  @Test
  void xrplTrustLineRows_carryTrustLineState_andAFrozenLineIsNotMetWhateverItHolds() {
    XrplAddress holder = XrplAddress.parse("rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", "xrplWallet");
    TrustWallets wallets = new TrustWallets(WALLET, Map.of(ChainFamily.XRPL, holder));

    List<DimensionResult> dimensions =
        evaluated(xrplLines(holder, wallets).evaluate(wallets, false));

    PayloadValue.Obj notFrozen = PayloadValue.objectBuilder().put("frozen", false).build();
    PayloadValue.Obj frozen = PayloadValue.objectBuilder().put("frozen", true).build();
    PayloadValue.Obj rlusd = check(dimensions, "RLUSD on XRPL");
    assertThat(rlusd.get("met"))
        .as("the issuer froze this line")
        .isEqualTo(PayloadValue.bool(false));
    assertThat(rlusd.get("trustLineState")).isEqualTo(frozen);
    PayloadValue.Obj usdc = check(dimensions, "USDC on XRPL");
    assertThat(usdc.get("met")).as("global freeze").isEqualTo(PayloadValue.bool(false));
    assertThat(usdc.get("trustLineState")).isEqualTo(frozen);
    PayloadValue.Obj tbl = check(dimensions, "OpenEden TBILL (TBL) on XRPL");
    assertThat(tbl.get("met")).isEqualTo(PayloadValue.bool(true));
    assertThat(tbl.get("trustLineState")).isEqualTo(notFrozen);
    PayloadValue.Obj xrp = check(dimensions, "XRP (native) on XRPL");
    assertThat(xrp.get("met")).isEqualTo(PayloadValue.bool(true));
    assertThat(xrp.members()).doesNotContainKey("trustLineState");
    DimensionResult xrpl = dimensions.get(dimensions.size() - 1);
    assertThat(xrpl.dimension()).isEqualTo(TrustDimension.XRPL);
    assertThat(xrpl.passCount()).isEqualTo(2);
    assertThat(xrpl.failCount()).isEqualTo(1);
  }

  @Test
  void anXrplIssuerThatCannotBeRead_makesTheProfileIncomplete_asInAttest() {
    XrplAddress holder = XrplAddress.parse("rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", "xrplWallet");
    TrustWallets wallets = new TrustWallets(WALLET, Map.of(ChainFamily.XRPL, holder));
    Chains chains = xrplLines(holder, wallets);
    chains.familyAnswers.put(
        new XrplRead.IssuerFrozen(XrplAddress.parse(TBL_ISSUER, "issuer")),
        new Reading.Unreadable<>("the issuer account does not exist"));

    TrustEvaluation evaluation = chains.evaluate(wallets, false);

    assertThat(((TrustEvaluation.Incomplete) evaluation).failures())
        .containsExactly(
            new TrustFailure(
                org.walletstate.domain.chain.FailureSource.TOKEN_METADATA_READ,
                new ChainId.Named("xrpl"),
                "the token issuer's account could not be read"));
  }

  @Test
  void aGivenSolanaWallet_addsItsDimensionLast_readThroughTheSolanaReader() {
    SolanaAddress solana =
        SolanaAddress.parse("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM", "solanaWallet");
    TrustWallets wallets = new TrustWallets(WALLET, Map.of(ChainFamily.SOLANA, solana));
    Chains chains = new Chains(List.of(wallets));
    chains.familyAnswers.put(
        new SolanaRead.Lamports(solana), new Reading.Value<>(BigInteger.valueOf(2_500_000_000L)));
    chains.familyAnswers.put(
        new SolanaRead.TokenAmount(
            solana,
            org.walletstate.domain.address.SolanaMint.parse(
                "2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo", "mint")),
        new Reading.Value<>(BigInteger.ONE));

    List<DimensionResult> dimensions = evaluated(chains.evaluate(wallets, true));

    assertThat(chains.plan.chains()).contains(new ChainId.Named("solana"));
    assertThat(dimensions).hasSize(11);
    DimensionResult solanaDimension = dimensions.get(10);
    assertThat(solanaDimension.dimension()).isEqualTo(TrustDimension.SOLANA);
    assertThat(solanaDimension.passCount()).isEqualTo(1);
    assertThat(solanaDimension.failCount()).isEqualTo(13);
    assertThat(solanaDimension.notEvaluatedCount()).isZero();
    PayloadValue.Obj pyusd = check(dimensions, "PYUSD on Solana");
    assertThat(pyusd.get("met")).isEqualTo(PayloadValue.bool(true));
    assertThat(pyusd.members()).containsKey("slot").doesNotContainKey("requires");
    assertThat(((PayloadValue.Obj) pyusd.get("proof")).get("reason"))
        .isEqualTo(PayloadValue.text(TrustEvaluation.OTHER_FAMILY_NOT_PROVEN));
    PayloadValue.Obj usdcOnXrpl = check(dimensions, "USDC on XRPL");
    assertThat(usdcOnXrpl.get("reason")).isEqualTo(PayloadValue.text("wallet_not_provided"));
    assertThat(usdcOnXrpl.get("requires")).isEqualTo(PayloadValue.text("xrplWallet"));
  }

  @Test
  void anUnreadableFamilyRead_makesTheProfileIncomplete_namingTheChain() {
    SolanaAddress solana =
        SolanaAddress.parse("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM", "solanaWallet");
    TrustWallets wallets = new TrustWallets(WALLET, Map.of(ChainFamily.SOLANA, solana));
    Chains chains = new Chains(List.of(wallets));
    chains.familyAnswers.put(
        new SolanaRead.Lamports(solana), new Reading.Unreadable<>("getMultipleAccounts timed out"));

    TrustEvaluation evaluation = chains.evaluate(wallets, false);

    assertThat(((TrustEvaluation.Incomplete) evaluation).failures())
        .containsExactly(
            new TrustFailure(
                org.walletstate.domain.chain.FailureSource.BALANCE_READ,
                new ChainId.Named("solana"),
                "token balances could not be read"));
  }

  @Test
  void proofMode_aTokenRowWhoseSlotWasFound_carriesTheStorageProof_andAComputedOneDeclines() {
    TrustWallets wallets = TrustWallets.of(WALLET);
    Chains chains = new Chains(List.of(wallets), true);
    chains.holds(1, USDC_ON_1, WALLET, 1_500_000);
    BalanceLayout layout = BalanceLayout.solidity(9);
    Bytes32 key = layout.storageKey(WALLET);
    AccountProof proof =
        new AccountProof(
            USDC_ON_1,
            BigInteger.ONE,
            BigInteger.ZERO,
            new Bytes32(Bytes.of(new byte[32])),
            new Bytes32(Bytes.of(new byte[32])),
            List.of(Bytes.of(new byte[] {1})),
            List.of(
                new AccountProof.StorageProof(
                    key, BigInteger.valueOf(1_500_000), List.of(Bytes.of(new byte[] {2})))));
    chains.proofs.put(
        new ProofTarget.Erc20Balance(USDC_ON_1, WALLET),
        new ProofOutcome.Obtained(proof, Optional.of(layout)));
    EvmAddress usdcOnBase = EvmAddress.parse("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "usdc");
    chains.proofs.put(
        new ProofTarget.Erc20Balance(usdcOnBase, WALLET),
        new ProofOutcome.Declined(BalanceSlotSearch.NOT_FOUND));

    TrustEvaluation evaluation = chains.evaluate(wallets, true);

    assertThat(((TrustEvaluation.Evaluated) evaluation).proofDelivered()).isTrue();
    List<DimensionResult> dimensions = evaluated(evaluation);
    PayloadValue.Obj usdc = check(dimensions, "USDC on Ethereum");
    assertThat(usdc.get("met")).isEqualTo(PayloadValue.bool(true));
    PayloadValue.Obj proven = (PayloadValue.Obj) usdc.get("proof");
    assertThat(proven.get("available")).isEqualTo(PayloadValue.bool(true));
    assertThat(proven.get("storageKey")).isEqualTo(PayloadValue.text(key.hex()));
    assertThat(proven.get("holder")).isEqualTo(PayloadValue.text(WALLET.checksummed()));
    PayloadValue.Obj declined = (PayloadValue.Obj) check(dimensions, "USDC on Base").get("proof");
    assertThat(declined.get("available")).isEqualTo(PayloadValue.bool(false));
    assertThat(declined.get("reason")).isEqualTo(PayloadValue.text(BalanceSlotSearch.NOT_FOUND));
    assertThat(
            ((PayloadValue.Obj) check(dimensions, "Azuki on Ethereum").get("proof")).get("reason"))
        .isEqualTo(PayloadValue.text(TrustEvaluation.NFT_NOT_PROVEN));
    assertThat(chains.plan.query(new ChainId.Evm(1)).proofs())
        .contains(new ProofTarget.Erc20Balance(USDC_ON_1, WALLET));
  }

  @Test
  void proofMode_withoutAnyProofObtained_deliversNone() {
    TrustWallets wallets = TrustWallets.of(WALLET);

    TrustEvaluation evaluation = new Chains(List.of(wallets), true).evaluate(wallets, true);

    assertThat(((TrustEvaluation.Evaluated) evaluation).proofDelivered()).isFalse();
    assertThat(
            ((PayloadValue.Obj) check(evaluated(evaluation), "USDC on Ethereum").get("proof"))
                .get("reason"))
        .isEqualTo(PayloadValue.text(org.walletstate.domain.proof.MerkleProof.NOT_READ));
  }

  @Test
  void proofMode_declinesEveryEvaluatedRowWithAReason_andUnevaluatedRowsCarryNoProofKey() {
    TrustWallets wallets = TrustWallets.of(WALLET);
    List<DimensionResult> dimensions =
        evaluated(new Chains(List.of(wallets)).evaluate(wallets, true));

    for (DimensionResult dimension : dimensions) {
      for (PayloadValue.Obj row : dimension.checks()) {
        if (row.members().containsKey("evaluated")) {
          assertThat(row.members()).doesNotContainKey("proof");
        } else {
          PayloadValue.Obj proof = (PayloadValue.Obj) row.get("proof");
          assertThat(proof.get("available")).isEqualTo(PayloadValue.bool(false));
          assertThat(proof.get("reason")).isNotNull();
        }
      }
    }
    assertThat(
            ((PayloadValue.Obj) check(dimensions, "Contract code present on Base").get("proof"))
                .get("reason"))
        .isEqualTo(PayloadValue.text(TrustEvaluation.ACCOUNT_NOT_PROVEN));
  }

  @Test
  void batch_eachWalletIsEvaluatedFromTheSharedReads() {
    TrustWallets first = TrustWallets.of(WALLET);
    TrustWallets second = TrustWallets.of(OTHER);
    Chains chains = new Chains(List.of(first, second)).holds(1, USDC_ON_1, OTHER, 7);

    assertThat(check(evaluated(chains.evaluate(first, false)), "USDC on Ethereum").get("met"))
        .isEqualTo(PayloadValue.bool(false));
    assertThat(check(evaluated(chains.evaluate(second, false)), "USDC on Ethereum").get("met"))
        .isEqualTo(PayloadValue.bool(true));
    assertThat(Set.copyOf(chains.plan.chains())).hasSize(23);
  }

  @Test
  void batch_eachWalletsRowsAreThoseOfItsOwnProfile_withEachChainsAnchor() {
    TrustWallets first = TrustWallets.of(WALLET);
    TrustWallets second = TrustWallets.of(OTHER);
    TrustCheck usdcOnBase =
        LIST.checks().stream().filter(c -> c.label().equals("USDC on Base")).findFirst().get();
    EvmAddress usdcOnBaseToken = ((TrustCheck.Erc20) usdcOnBase.subject()).token();
    Anchor.EvmBlock baseBlock =
        new Anchor.EvmBlock(BigInteger.valueOf(0x1234), Instant.parse("2026-10-08T12:00:02Z"));
    UnaryOperator<Chains> state =
        chains ->
            chains
                .holds(1, USDC_ON_1, OTHER, 7)
                .holds(8453, usdcOnBaseToken, WALLET, 3)
                .anchoredAt(8453, baseBlock);
    Chains batch = state.apply(new Chains(List.of(first, second)));
    TrustObservations shared = TrustObservations.of(batch.plan, batch.observations());

    for (TrustWallets wallets : List.of(first, second)) {
      Chains alone = state.apply(new Chains(List.of(wallets)));
      assertThat(evaluated(TrustEvaluation.of(batch.plan, wallets, false, shared)))
          .isEqualTo(evaluated(alone.evaluate(wallets, false)));
    }
    List<DimensionResult> firstRows =
        evaluated(TrustEvaluation.of(batch.plan, first, false, shared));
    List<DimensionResult> secondRows =
        evaluated(TrustEvaluation.of(batch.plan, second, false, shared));
    assertThat(check(firstRows, "USDC on Base").get("met")).isEqualTo(PayloadValue.bool(true));
    assertThat(check(secondRows, "USDC on Base").get("met")).isEqualTo(PayloadValue.bool(false));
    assertThat(check(firstRows, "USDC on Ethereum").get("met")).isEqualTo(PayloadValue.bool(false));
    assertThat(check(secondRows, "USDC on Ethereum").get("met")).isEqualTo(PayloadValue.bool(true));
    assertThat(check(firstRows, "USDC on Base").get("blockNumber"))
        .isEqualTo(PayloadValue.text("0x1234"));
    assertThat(check(firstRows, "USDC on Base").get("blockTimestamp"))
        .isEqualTo(PayloadValue.text("2026-10-08T12:00:02.000Z"));
    assertThat(check(firstRows, "USDC on Ethereum").get("blockNumber"))
        .isEqualTo(PayloadValue.text("0x64"));
  }
}
