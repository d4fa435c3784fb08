package org.walletstate.adapters.http.wiring;

import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Singleton;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.walletstate.adapters.chain.bitcoin.BitcoinChainState;
import org.walletstate.adapters.chain.bitcoin.BitcoinPayments;
import org.walletstate.adapters.chain.evm.web3j.Web3jEvmChainState;
import org.walletstate.adapters.chain.evm.web3j.payment.ChainlinkRates;
import org.walletstate.adapters.chain.evm.web3j.payment.EvmPayments;
import org.walletstate.adapters.chain.evm.web3j.payment.RelayerSettlement;
import org.walletstate.adapters.chain.solana.SolanaChainState;
import org.walletstate.adapters.chain.solana.SolanaPayments;
import org.walletstate.adapters.chain.stellar.StellarChainState;
import org.walletstate.adapters.chain.sui.SuiChainState;
import org.walletstate.adapters.chain.tron.TronChainState;
import org.walletstate.adapters.chain.tron.TronPayments;
import org.walletstate.adapters.chain.x402.FacilitatorSettlement;
import org.walletstate.adapters.chain.xrpl.XrplChainState;
import org.walletstate.adapters.http.chains.ChainReadsConfig;
import org.walletstate.adapters.http.chains.EvmChainSettings;
import org.walletstate.adapters.http.chains.JsonRpcChainSettings;
import org.walletstate.adapters.http.observability.MeteredCreditLedger;
import org.walletstate.adapters.http.observability.MeteredSigners;
import org.walletstate.adapters.http.observability.OnCallerContext;
import org.walletstate.adapters.http.observability.ServiceMeters;
import org.walletstate.adapters.http.payment.PaymentSettings;
import org.walletstate.adapters.http.payment.PaymentsConfig;
import org.walletstate.adapters.http.signing.SigningConfig;
import org.walletstate.adapters.http.signing.SigningKeysLoader;
import org.walletstate.adapters.http.x402.PayPerCallConfig;
import org.walletstate.adapters.http.x402.PaymentQuotes;
import org.walletstate.adapters.http.x402.SolanaFeePayer;
import org.walletstate.application.account.Authenticate;
import org.walletstate.application.account.CreateFreeKey;
import org.walletstate.application.account.CreditsOverview;
import org.walletstate.application.account.GrantMonthlyCredits;
import org.walletstate.application.account.Metering;
import org.walletstate.application.account.SharedAllowance;
import org.walletstate.application.account.WalletSignIn;
import org.walletstate.application.account.port.in.AuthenticateUseCase;
import org.walletstate.application.account.port.in.CreateFreeKeyUseCase;
import org.walletstate.application.account.port.in.CreditsOverviewQuery;
import org.walletstate.application.account.port.in.SharedAllowanceUseCase;
import org.walletstate.application.account.port.in.WalletSignInUseCase;
import org.walletstate.application.attest.AttestService;
import org.walletstate.application.attest.port.in.AttestUseCase;
import org.walletstate.application.chains.ChainStateByFamily;
import org.walletstate.application.commerce.DiscountService;
import org.walletstate.application.commerce.EligibilityService;
import org.walletstate.application.commerce.MerchantService;
import org.walletstate.application.commerce.PassService;
import org.walletstate.application.commerce.TokenRegistryService;
import org.walletstate.application.commerce.port.in.ConfigureMerchantUseCase;
import org.walletstate.application.commerce.port.in.CreateMerchantUseCase;
import org.walletstate.application.commerce.port.in.DiscountCodeQuery;
import org.walletstate.application.commerce.port.in.DiscountEligibilityUseCase;
import org.walletstate.application.commerce.port.in.IssueDiscountUseCase;
import org.walletstate.application.commerce.port.in.MerchantQueries;
import org.walletstate.application.commerce.port.in.PassUseCase;
import org.walletstate.application.commerce.port.in.TokenRegistryUseCase;
import org.walletstate.application.commerce.port.out.DiscountCodes;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.commerce.port.out.PassRenewals;
import org.walletstate.application.commerce.port.out.TokenRegistry;
import org.walletstate.application.payment.PaymentReceiptsByFamily;
import org.walletstate.application.payment.VerifyPayment;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;
import org.walletstate.application.port.out.AccessPasses;
import org.walletstate.application.port.out.ApiKeyStore;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.port.out.DiscountSigner;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.application.port.out.KeyAdmission;
import org.walletstate.application.port.out.PaymentReceipts;
import org.walletstate.application.port.out.PlanGrants;
import org.walletstate.application.port.out.TransferAuthorizations;
import org.walletstate.application.port.out.TrustProfileSigner;
import org.walletstate.application.port.out.WalletKeys;
import org.walletstate.application.signing.PublishKeySet;
import org.walletstate.application.signing.port.in.KeySetQuery;
import org.walletstate.application.trust.TrustService;
import org.walletstate.application.trust.port.in.TrustBatchUseCase;
import org.walletstate.application.trust.port.in.TrustProfileUseCase;
import org.walletstate.crypto.DualAttestationSigner;
import org.walletstate.crypto.PassSigning;
import org.walletstate.crypto.PublishedKeySet;
import org.walletstate.crypto.SigningKeys;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.trust.TrustCheckList;

/**
 * The composition root: the one place that builds the service's object graph. Use cases, the chain
 * readers of each family and the signer are constructed here with {@code new} and handed their
 * ports; the application and domain carry no framework annotations. (The persistence adapters are
 * beans of their own, because Panache needs them to be.)
 */
@ApplicationScoped
public class Wiring {

  /**
   * Where signatures are made: one thread per core. Signing is pure CPU work, so more threads than
   * cores only interleave requests (each then takes longer) without signing more per second; the
   * event loops and the blocking worker pool stay free for I/O.
   */
  private static final class SigningThreads {
    static final ExecutorService POOL =
        Executors.newFixedThreadPool(
            Runtime.getRuntime().availableProcessors(),
            new ThreadFactory() {
              private final AtomicInteger count = new AtomicInteger();

              @Override
              public Thread newThread(Runnable task) {
                Thread thread = new Thread(task, "signing-" + count.incrementAndGet());
                thread.setDaemon(true);
                return thread;
              }
            });

    private SigningThreads() {}
  }

  // --- shared inputs -----------------------------------------------------------------------------

  @Produces
  @ApplicationScoped
  Clock clock() {
    return Clock.systemUTC();
  }

  @Produces
  @ApplicationScoped
  Entropy entropy() {
    SecureRandom random = new SecureRandom();
    return count -> {
      byte[] bytes = new byte[count];
      random.nextBytes(bytes);
      return bytes;
    };
  }

  // --- chains: one reader per family
  // --------------------------------------------------------------

  /**
   * Every family's reader behind the one chain-state port: a family is one more entry. Built at
   * start-up so that a bad chain configuration stops the start rather than the first request; the
   * readers' threads and connections are closed with the service.
   */
  @Produces
  @Singleton // not proxied: the class is final, and nothing needs it lazily
  @Startup
  ChainStateByFamily chainState(ChainReadsConfig config, Clock clock, ServiceMeters calls) {
    Map<ChainFamily, ChainState> families = new EnumMap<>(ChainFamily.class);
    families.put(
        ChainFamily.EVM,
        new Web3jEvmChainState(
            EvmChainSettings.evmConfig(config),
            EvmChainSettings.headFollowing(config),
            clock,
            calls));
    families.put(
        ChainFamily.SOLANA,
        new SolanaChainState(JsonRpcChainSettings.solana(config), clock, calls));
    families.put(
        ChainFamily.XRPL, new XrplChainState(JsonRpcChainSettings.xrpl(config), clock, calls));
    families.put(
        ChainFamily.BITCOIN,
        new BitcoinChainState(JsonRpcChainSettings.bitcoin(config), clock, calls));
    families.put(
        ChainFamily.TRON, new TronChainState(JsonRpcChainSettings.tron(config), clock, calls));
    families.put(
        ChainFamily.STELLAR,
        new StellarChainState(JsonRpcChainSettings.stellar(config), clock, calls));
    families.put(
        ChainFamily.SUI, new SuiChainState(JsonRpcChainSettings.sui(config), clock, calls));
    return new ChainStateByFamily(families);
  }

  void closeChainState(@Disposes ChainStateByFamily chains) {
    chains.close();
  }

  // --- payments ----------------------------------------------------------------------------------

  /** Solana payment transactions, over the endpoints the Solana reader uses. */
  @Produces
  @Singleton
  @Typed(SolanaPayments.class)
  SolanaPayments solanaPayments(ChainReadsConfig chains, Clock clock) {
    return new SolanaPayments(JsonRpcChainSettings.solana(chains), clock);
  }

  void closeSolanaPayments(@Disposes SolanaPayments payments) {
    payments.close();
  }

  /** Tron payment transactions, over the endpoints the Tron reader uses. */
  @Produces
  @Singleton
  @Typed(TronPayments.class)
  TronPayments tronPayments(ChainReadsConfig chains, Clock clock) {
    return new TronPayments(JsonRpcChainSettings.tron(chains), clock);
  }

  void closeTronPayments(@Disposes TronPayments payments) {
    payments.close();
  }

  /** Bitcoin payment transactions, over the Esplora endpoints the Bitcoin reader uses. */
  @Produces
  @Singleton
  @Typed(BitcoinPayments.class)
  BitcoinPayments bitcoinPayments(ChainReadsConfig chains, Clock clock) {
    return new BitcoinPayments(JsonRpcChainSettings.bitcoin(chains), clock);
  }

  void closeBitcoinPayments(@Disposes BitcoinPayments payments) {
    payments.close();
  }

  /** Every family's payment transactions behind the one port: a family is one more entry. */
  @Produces
  @ApplicationScoped
  PaymentReceipts paymentReceipts(
      EvmPayments evm, SolanaPayments solana, TronPayments tron, BitcoinPayments bitcoin) {
    return new PaymentReceiptsByFamily(
        Map.of(
            ChainFamily.EVM,
            evm,
            ChainFamily.SOLANA,
            solana,
            ChainFamily.TRON,
            tron,
            ChainFamily.BITCOIN,
            bitcoin));
  }

  /** Coin prices (BTC/USD) from Chainlink feeds, over the EVM chains' endpoints. */
  @Produces
  @Singleton
  @Startup
  @Typed(ChainlinkRates.class)
  ChainlinkRates chainlinkRates(ChainReadsConfig chains, PaymentsConfig payments) {
    return new ChainlinkRates(
        EvmChainSettings.evmConfig(chains).chains(), PaymentSettings.feeds(payments));
  }

  void closeChainlinkRates(@Disposes ChainlinkRates rates) {
    rates.close();
  }

  @Produces
  @ApplicationScoped
  AccessPasses accessPasses(EvmPayments payments) {
    return payments;
  }

  @Produces
  @ApplicationScoped
  GrantMonthlyCredits grantMonthlyCredits(PlanGrants grants, Clock clock) {
    return new GrantMonthlyCredits(grants, clock);
  }

  /**
   * Paid calls settle through the configured x402 facilitator, or else through the own relayer; an
   * EVM token's state is read from the chain either way. Solana payments settle through the
   * facilitator only.
   */
  @Produces
  @Singleton
  TransferAuthorizations transferAuthorizations(
      RelayerSettlement settlement, PayPerCallConfig x402) {
    return x402.facilitatorUrl()
        .filter(url -> !url.isBlank())
        .<TransferAuthorizations>map(
            url ->
                new FacilitatorSettlement(
                    facilitatorUrl(url), x402.facilitatorTimeout(), settlement))
        .orElse(settlement);
  }

  /**
   * The fee payer the quote's Solana entry names: the facilitator's ({@code GET /supported}), asked
   * at start (waiting a few seconds at most) and kept; without a facilitator Solana is not offered.
   */
  @Produces
  @Singleton
  @Startup
  SolanaFeePayer solanaFeePayer(TransferAuthorizations payments, PayPerCallConfig x402) {
    boolean solana = x402.payToSolana().filter(to -> !to.isBlank()).isPresent();
    SolanaFeePayer payer =
        payments instanceof FacilitatorSettlement facilitator
            ? SolanaFeePayer.askingAtStart(
                () -> facilitator.feePayer(PaymentQuotes.SOLANA_MAINNET),
                Duration.ofSeconds(Math.min(5, Math.max(1, x402.facilitatorTimeout().toSeconds()))))
            : SolanaFeePayer.none();
    if (solana && payer.facilitated() && payer.current().isEmpty()) {
      Logger.getLogger(Wiring.class)
          .warn(
              "The x402 facilitator named no fee payer for "
                  + PaymentQuotes.SOLANA_MAINNET
                  + " (GET /supported); Solana is not quoted until it does");
    }
    return payer;
  }

  /** The facilitator's base URL: absolute, http or https; else the start stops naming the key. */
  private static java.net.URI facilitatorUrl(String text) {
    java.net.URI url;
    try {
      url = java.net.URI.create(text.strip());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("walletstate.x402.facilitator-url is not a URL", e);
    }
    if (!url.isAbsolute()
        || url.getHost() == null
        || !("https".equals(url.getScheme()) || "http".equals(url.getScheme()))) {
      throw new IllegalArgumentException(
          "walletstate.x402.facilitator-url must be an absolute http(s) URL");
    }
    return url;
  }

  @Produces
  @ApplicationScoped
  VerifyPaymentUseCase verifyPayment(
      PaymentReceipts receipts, ChainlinkRates rates, PaymentsConfig config, Clock clock) {
    return new VerifyPayment(
        PaymentSettings.chains(config), receipts, rates, config.btcUsdFeed().maxAge(), clock);
  }

  @Produces
  @ApplicationScoped
  WalletSignInUseCase walletSignIn(
      @ConfigProperty(name = "walletstate.wallet-auth.domain") Optional<String> domain,
      WalletKeys keys,
      AccessPasses passes,
      KeyAdmission admission,
      Clock clock) {
    return new WalletSignIn(domain.orElse("").strip(), keys, passes, admission, clock);
  }

  // --- signing -----------------------------------------------------------------------------------

  // Made at start-up: a service without usable keys must fail to start, not pass its readiness
  // check and then answer every signing call with a 500.
  @Produces
  @ApplicationScoped
  @Startup
  SigningKeys signingKeys(SigningConfig config) {
    return SigningKeysLoader.load(config);
  }

  @Produces
  @ApplicationScoped
  AttestationSigner attestationSigner(
      SigningKeys keys,
      @ConfigProperty(name = "walletstate.public-base-url") String baseUrl,
      ServiceMeters meters) {
    return MeteredSigners.attestations(
        new DualAttestationSigner(keys, URI.create(baseUrl)), meters);
  }

  @Produces
  @ApplicationScoped
  KeySetQuery keySet(SigningKeys keys) {
    return new PublishKeySet(new PublishedKeySet(keys));
  }

  // --- account -----------------------------------------------------------------------------------

  @Produces
  @ApplicationScoped
  CreateFreeKeyUseCase createFreeKey(ApiKeyStore keys, Entropy entropy, Clock clock) {
    return new CreateFreeKey(keys, entropy, clock);
  }

  @Produces
  @ApplicationScoped
  AuthenticateUseCase authenticate(KeyAdmission admission, Clock clock) {
    return new Authenticate(admission, clock);
  }

  /** The one daily allowance every caller of the keyless tool endpoint ({@code /mcp}) shares. */
  @Produces
  @ApplicationScoped
  SharedAllowanceUseCase sharedAllowance(KeyAdmission admission, Clock clock) {
    return new SharedAllowance(admission, clock, SharedAllowance.MCP_ACCOUNT);
  }

  @Produces
  @ApplicationScoped
  Metering metering(CreditLedger ledger, Clock clock, ServiceMeters meters) {
    return new Metering(new MeteredCreditLedger(ledger, meters), clock);
  }

  @Produces
  @ApplicationScoped
  CreditsOverviewQuery creditsOverview(CreditLedger ledger) {
    return new CreditsOverview(ledger);
  }

  // --- attest ------------------------------------------------------------------------------------

  @Produces
  @ApplicationScoped
  AttestUseCase attest(
      ChainState chains,
      AttestationSigner signer,
      Metering metering,
      Entropy entropy,
      Clock clock) {
    // signing is CPU work: it runs on the signing threads, never on an event loop
    return new AttestService(
        new OnCallerContext(chains), signer, metering, entropy, clock, SigningThreads.POOL);
  }

  // --- trust -------------------------------------------------------------------------------------

  /**
   * The check list the profiles run, loaded and validated at start-up: a list that does not match
   * the interface's dimensions and counts stops the start.
   */
  @Produces
  @ApplicationScoped
  @Startup
  TrustCheckList trustCheckList() {
    return TrustCheckList.current();
  }

  @Produces
  @ApplicationScoped
  TrustProfileSigner trustProfileSigner(
      SigningKeys keys,
      @ConfigProperty(name = "walletstate.public-base-url") String baseUrl,
      ServiceMeters meters) {
    return MeteredSigners.trustProfiles(
        new DualAttestationSigner(keys, URI.create(baseUrl)), meters);
  }

  @Produces
  @ApplicationScoped
  @Typed(TrustService.class)
  TrustService trust(
      TrustCheckList list,
      ChainState chains,
      TrustProfileSigner signer,
      Metering metering,
      Entropy entropy,
      Clock clock) {
    return new TrustService(
        list, new OnCallerContext(chains), signer, metering, entropy, clock, SigningThreads.POOL);
  }

  @Produces
  @ApplicationScoped
  TrustProfileUseCase trustProfile(TrustService trust) {
    return trust;
  }

  @Produces
  @ApplicationScoped
  TrustBatchUseCase trustBatch(TrustService trust) {
    return trust;
  }

  // --- commerce ----------------------------------------------------------------------------------

  @Produces
  @ApplicationScoped
  CreateMerchantUseCase createMerchant(MerchantService merchants) {
    return merchants;
  }

  @Produces
  @ApplicationScoped
  ConfigureMerchantUseCase configureMerchant(MerchantService merchants) {
    return merchants;
  }

  @Produces
  @ApplicationScoped
  MerchantQueries merchantQueries(MerchantService merchants) {
    return merchants;
  }

  @Produces
  @ApplicationScoped
  PassUseCase passes(
      @ConfigProperty(name = "walletstate.wallet-auth.domain") Optional<String> domain,
      WalletKeys nonces,
      SigningKeys keys,
      @ConfigProperty(name = "walletstate.public-base-url") String baseUrl,
      PassRenewals renewals,
      MerchantStore merchants,
      DiscountEligibilityUseCase discounts,
      CreditLedger ledger,
      Entropy entropy,
      Clock clock) {
    return new PassService(
        domain.orElse("").strip(),
        nonces,
        new PassSigning(new DualAttestationSigner(keys, URI.create(baseUrl)), keys, clock),
        renewals,
        merchants,
        discounts,
        ledger,
        entropy,
        clock,
        SigningThreads.POOL);
  }

  @Produces
  @ApplicationScoped
  @Typed(EligibilityService.class)
  EligibilityService eligibilityService(MerchantStore store, ChainState chains) {
    return new EligibilityService(store, new OnCallerContext(chains));
  }

  @Produces
  @ApplicationScoped
  DiscountEligibilityUseCase discountEligibility(EligibilityService eligibility) {
    return eligibility;
  }

  @Produces
  @ApplicationScoped
  DiscountSigner discountSigner(
      SigningKeys keys,
      @ConfigProperty(name = "walletstate.public-base-url") String baseUrl,
      ServiceMeters meters) {
    return MeteredSigners.discounts(new DualAttestationSigner(keys, URI.create(baseUrl)), meters);
  }

  @Produces
  @ApplicationScoped
  @Typed(DiscountService.class)
  DiscountService discounts(
      MerchantStore store,
      EligibilityService eligibility,
      DiscountSigner signer,
      DiscountCodes codes,
      CreditLedger ledger,
      Entropy entropy,
      Clock clock,
      @ConfigProperty(name = "walletstate.public-base-url") String baseUrl) {
    return new DiscountService(
        store,
        eligibility,
        signer,
        codes,
        ledger,
        entropy,
        clock,
        SigningThreads.POOL,
        URI.create(baseUrl));
  }

  @Produces
  @ApplicationScoped
  IssueDiscountUseCase issueDiscount(DiscountService discounts) {
    return discounts;
  }

  @Produces
  @ApplicationScoped
  DiscountCodeQuery discountCodes(DiscountService discounts) {
    return discounts;
  }

  @Produces
  @ApplicationScoped
  TokenRegistryUseCase tokenRegistry(TokenRegistry registry, Clock clock) {
    return new TokenRegistryService(registry, clock);
  }
}
