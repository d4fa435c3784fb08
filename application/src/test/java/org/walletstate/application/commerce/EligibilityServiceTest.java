package org.walletstate.application.commerce;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.application.commerce.port.in.CreateMerchantCommands;
import org.walletstate.application.commerce.port.in.DiscountEligibilityUseCase.EligibilityOutcome;
import org.walletstate.application.commerce.port.in.DiscountEligibilityUseCase.EligibilityQuery;
import org.walletstate.application.testing.MemoryMerchantStore;
import org.walletstate.application.testing.TableChainState;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.NewMerchant;
import org.walletstate.domain.commerce.Settings;
import org.walletstate.domain.commerce.Tier;
import org.walletstate.domain.commerce.TokenConfig;
import org.walletstate.domain.commerce.TokenSet;
import org.walletstate.domain.commerce.discount.DiscountWallets;
import org.walletstate.domain.commerce.discount.HoldingsPlan;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;
import org.walletstate.domain.observation.ReadAssurance;
import org.walletstate.domain.request.RequestValue;

class EligibilityServiceTest {

  static final CompanyId ID = new CompanyId("cafe");
  static final EvmAddress TOKEN = EvmAddress.of("0x5FbDB2315678afecb367f032d93F642f64180aa3");
  static final EvmAddress ON_BASE = EvmAddress.of("0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512");
  static final EvmAddress WALLET = EvmAddress.of("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
  static final ChainId MAINNET = ChainId.evm(1);
  static final ChainId BASE = ChainId.evm(8453);

  /** The chains of the tests, anchored at block 10 on both networks. */
  static TableChainState chains() {
    Anchor anchor = new Anchor.EvmBlock(BigInteger.TEN, Instant.EPOCH, AnchorTag.LATEST);
    return new TableChainState(Clock.systemUTC())
        .anchoredAt(MAINNET, anchor)
        .anchoredAt(BASE, anchor);
  }

  final MemoryMerchantStore store = new MemoryMerchantStore();
  final TableChainState chains = chains();
  final EligibilityService service = new EligibilityService(store, chains);

  Merchant merchant(Settings settings) {
    var tiers =
        List.of(
            new Tier("bronze", new BigDecimal("10"), 5),
            new Tier("gold", new BigDecimal("100"), 20));
    var chain1 = ChainCatalogue.require(MAINNET);
    var chain8453 = ChainCatalogue.require(BASE);
    TokenConfig token =
        new TokenConfig(
            "CAFE",
            chain1,
            TOKEN.checksummed(),
            6,
            tiers,
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            true,
            List.of(new TokenConfig.AlsoOn(chain8453, ON_BASE.checksummed())));
    NewMerchant request =
        CreateMerchantCommands.newMerchant(
            new RequestValue.Obj(
                Map.of(
                    "companyName", new RequestValue.Text("Cafe"),
                    "companyId", new RequestValue.Text("cafe"))));
    Merchant m =
        Merchant.create(request, 1, false, Instant.EPOCH)
            .withTokens(new TokenSet(Optional.of(token), List.of()))
            .withSettings(settings);
    store.put(m);
    return m;
  }

  void holds(long onMainnet, long onBase) {
    holds(chains, onMainnet, onBase);
  }

  /** The wallet's balances of the store's token on mainnet (6 decimals) and Base (2 decimals). */
  static void holds(TableChainState chains, long onMainnet, long onBase) {
    chains
        .value(MAINNET, new EvmRead.Erc20BalanceOf(TOKEN, WALLET), BigInteger.valueOf(onMainnet))
        .value(MAINNET, new EvmRead.Erc20Decimals(TOKEN), TokenDecimals.of(6))
        .value(BASE, new EvmRead.Erc20BalanceOf(ON_BASE, WALLET), BigInteger.valueOf(onBase))
        .value(BASE, new EvmRead.Erc20Decimals(ON_BASE), TokenDecimals.of(2));
  }

  EligibilityOutcome check(boolean proven) {
    return service
        .eligibility(new EligibilityQuery(ID, DiscountWallets.evm(WALLET), proven))
        .await()
        .indefinitely();
  }

  @Test
  void computesFromHoldingsOnEveryNetwork() {
    merchant(Settings.DEFAULTS);
    holds(60_000_000, 4_000); // 60 + 40.00
    EligibilityOutcome outcome = check(true);
    assertThat(outcome).isInstanceOf(EligibilityOutcome.Computed.class);
    var computed = (EligibilityOutcome.Computed) outcome;
    assertThat(computed.eligibility().discount()).isEqualTo(20);
    assertThat(computed.holdings().anchors()).hasSize(2);
    assertThat(chains.observed()).hasSize(2);
  }

  @Test
  void unprovenLimitApplies() {
    merchant(
        new Settings(
            Settings.DEFAULTS.discountMode(),
            100,
            Settings.DEFAULTS.usdcPayment(),
            Optional.empty(),
            Optional.of(5),
            Optional.empty(),
            false,
            Optional.empty()));
    holds(100_000_000, 0);
    var computed = (EligibilityOutcome.Computed) check(false);
    assertThat(computed.eligibility().discount()).isEqualTo(5);
    assertThat(computed.eligibility().discountIfProven()).contains(20);
  }

  @Test
  void anIncompleteReadOnAnAlsoOnNetworkIsRpcFailure() {
    merchant(Settings.DEFAULTS);
    holds(100_000_000, 0);
    chains.clear(BASE);
    EligibilityOutcome outcome = check(true);
    assertThat(outcome).isInstanceOf(EligibilityOutcome.RpcFailure.class);
    assertThat(((EligibilityOutcome.RpcFailure) outcome).failures()).isNotEmpty();

    chains.down(MAINNET);
    assertThat(check(true)).isInstanceOf(EligibilityOutcome.RpcFailure.class);
  }

  EligibilityOutcome check(Optional<Assurance> assurance) {
    return service
        .eligibility(new EligibilityQuery(ID, DiscountWallets.evm(WALLET), true, assurance))
        .await()
        .indefinitely();
  }

  @Test
  void aQuorumIsAskedOfEveryChain_andTheHoldingsCarryHowEachWasRead() {
    merchant(Settings.DEFAULTS);
    holds(60_000_000, 4_000);
    chains.quorumOf(BASE, 2, 3);
    var computed = (EligibilityOutcome.Computed) check(Optional.of(Assurance.QUORUM));
    assertThat(computed.eligibility().discount()).isEqualTo(20);
    assertThat(chains.queries())
        .extracting(ChainQuery::assurance)
        .containsExactly(Assurance.QUORUM, Assurance.QUORUM);
    assertThat(computed.holdings().assurances())
        .containsExactly(
            Map.entry(MAINNET, new ReadAssurance(Assurance.QUORUM, 2, 2)),
            Map.entry(BASE, new ReadAssurance(Assurance.QUORUM, 2, 3)));
  }

  @Test
  void singleSentIsCarried_noOptionCarriesNothing() {
    merchant(Settings.DEFAULTS);
    holds(60_000_000, 4_000);
    var single = (EligibilityOutcome.Computed) check(Optional.of(Assurance.SINGLE));
    assertThat(single.holdings().assurances().values()).containsOnly(ReadAssurance.single());
    var none = (EligibilityOutcome.Computed) check(Optional.empty());
    assertThat(none.holdings().assurances()).isEmpty();
    assertThat(chains.queries()).extracting(ChainQuery::assurance).containsOnly(Assurance.SINGLE);
  }

  @Test
  void providersThatDisagree_areAnRpcFailureSayingSo() {
    merchant(Settings.DEFAULTS);
    holds(60_000_000, 4_000);
    chains.disagreeing(BASE);
    var failure = (EligibilityOutcome.RpcFailure) check(Optional.of(Assurance.QUORUM));
    assertThat(failure.failures())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.chain()).isEqualTo(BASE);
              assertThat(f.message()).isEqualTo(ChainObservation.HeadUnavailable.DISAGREED);
            });
    chains.down(MAINNET);
    assertThat(((EligibilityOutcome.RpcFailure) check(Optional.of(Assurance.QUORUM))).failures())
        .extracting(HoldingsPlan.Failure::message)
        .containsExactly(
            "the chain's head could not be read", ChainObservation.HeadUnavailable.DISAGREED);
  }

  @Test
  void pausedAndUnknownStoresReadNothing() {
    merchant(
        new Settings(
            Settings.DEFAULTS.discountMode(),
            100,
            Settings.DEFAULTS.usdcPayment(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            true,
            Optional.of(Instant.EPOCH)));
    assertThat(check(true)).isInstanceOf(EligibilityOutcome.Paused.class);
    store.clear();
    assertThat(check(true)).isInstanceOf(EligibilityOutcome.UnknownMerchant.class);
    assertThat(chains.observed()).isEmpty();
  }
}
