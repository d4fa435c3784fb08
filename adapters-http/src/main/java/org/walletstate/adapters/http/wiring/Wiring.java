package org.walletstate.adapters.http.wiring;

import io.quarkus.runtime.Startup;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Singleton;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.EnumMap;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.walletstate.adapters.chain.bitcoin.BitcoinChainState;
import org.walletstate.adapters.chain.evm.web3j.Web3jEvmChainState;
import org.walletstate.adapters.chain.solana.SolanaChainState;
import org.walletstate.adapters.chain.stellar.StellarChainState;
import org.walletstate.adapters.chain.sui.SuiChainState;
import org.walletstate.adapters.chain.tron.TronChainState;
import org.walletstate.adapters.chain.xrpl.XrplChainState;
import org.walletstate.adapters.http.chains.ChainReadsConfig;
import org.walletstate.adapters.http.chains.EvmChainSettings;
import org.walletstate.adapters.http.chains.JsonRpcChainSettings;
import org.walletstate.adapters.http.observability.MeteredCreditLedger;
import org.walletstate.adapters.http.observability.MeteredSigners;
import org.walletstate.adapters.http.observability.OnCallerContext;
import org.walletstate.adapters.http.observability.ServiceMeters;
import org.walletstate.adapters.http.signing.SigningConfig;
import org.walletstate.adapters.http.signing.SigningKeysLoader;
import org.walletstate.application.account.Authenticate;
import org.walletstate.application.account.CreateFreeKey;
import org.walletstate.application.account.CreditsOverview;
import org.walletstate.application.account.Metering;
import org.walletstate.application.account.SharedAllowance;
import org.walletstate.application.account.port.in.AuthenticateUseCase;
import org.walletstate.application.account.port.in.CreateFreeKeyUseCase;
import org.walletstate.application.account.port.in.CreditsOverviewQuery;
import org.walletstate.application.account.port.in.SharedAllowanceUseCase;
import org.walletstate.application.attest.AttestService;
import org.walletstate.application.attest.port.in.AttestUseCase;
import org.walletstate.application.chains.ChainStateByFamily;
import org.walletstate.application.port.out.ApiKeyStore;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.application.port.out.CreditLedger;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.application.port.out.TrustProfileSigner;
import org.walletstate.application.port.out.UsageCounter;
import org.walletstate.application.signing.PublishKeySet;
import org.walletstate.application.signing.port.in.KeySetQuery;
import org.walletstate.application.trust.TrustService;
import org.walletstate.application.trust.port.in.TrustBatchUseCase;
import org.walletstate.application.trust.port.in.TrustProfileUseCase;
import org.walletstate.crypto.DualAttestationSigner;
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
        ChainFamily.EVM, new Web3jEvmChainState(EvmChainSettings.evmConfig(config), clock, calls));
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
  AuthenticateUseCase authenticate(ApiKeyStore keys, UsageCounter usage, Clock clock) {
    return new Authenticate(keys, usage, clock);
  }

  /** The one daily allowance every caller of the keyless tool endpoint ({@code /mcp}) shares. */
  @Produces
  @ApplicationScoped
  SharedAllowanceUseCase sharedAllowance(
      ApiKeyStore keys,
      UsageCounter usage,
      Clock clock,
      @ConfigProperty(name = "walletstate.mcp.daily-allowance") int perDay) {
    return new SharedAllowance(keys, usage, clock, SharedAllowance.MCP_ACCOUNT, perDay);
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
    // signing is CPU work: it runs on the worker pool, never on an event loop
    return new AttestService(
        new OnCallerContext(chains),
        signer,
        metering,
        entropy,
        clock,
        Infrastructure.getDefaultWorkerPool());
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
        list,
        new OnCallerContext(chains),
        signer,
        metering,
        entropy,
        clock,
        Infrastructure.getDefaultWorkerPool());
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
}
