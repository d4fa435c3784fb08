package org.walletstate.adapters.http.wiring;

import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Singleton;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import org.walletstate.adapters.chain.evm.web3j.payment.EvmPayments;
import org.walletstate.adapters.chain.evm.web3j.payment.RelayerSettlement;
import org.walletstate.adapters.http.chains.ChainReadsConfig;
import org.walletstate.adapters.http.chains.EvmChainSettings;
import org.walletstate.adapters.http.payment.PaymentSettings;
import org.walletstate.adapters.http.payment.PaymentsConfig;
import org.walletstate.adapters.http.x402.PayPerCallConfig;
import org.walletstate.application.account.RetryPassMints;
import org.walletstate.application.payment.PaidCallService;
import org.walletstate.application.payment.port.in.PaidCallUseCase;
import org.walletstate.application.port.out.AccessPasses;
import org.walletstate.application.port.out.PaidCalls;
import org.walletstate.application.port.out.PassMints;
import org.walletstate.application.port.out.SenderNonces;
import org.walletstate.application.port.out.TransferAuthorizations;

/**
 * The service's own senders and what feeds them (docs/billing.md, "Settlement pipeline"): the x402
 * relayer and the access-pass minter, both allocating nonces from the shared {@link SenderNonces};
 * paid calls with their open-call bound and the validity they need; mint retries with their claim.
 */
@ApplicationScoped
public class SettlementWiring {

  /**
   * Receipts of EVM payment chains and the access pass (the {@link AccessPasses} port), over the
   * same endpoints the chain reader uses. Built at start-up so that a bad payment configuration (a
   * minter key that is not one) stops the start.
   */
  @Produces
  @Singleton
  @Startup
  @Typed({EvmPayments.class, AccessPasses.class})
  EvmPayments evmPayments(
      ChainReadsConfig chains,
      PaymentsConfig payments,
      PayPerCallConfig x402,
      SenderNonces nonces,
      Clock clock) {
    return new EvmPayments(
        EvmChainSettings.evmConfig(chains).chains(),
        PaymentSettings.pass(payments),
        nonces,
        BigInteger.valueOf(x402.maxFeePerGas()),
        clock);
  }

  void closeEvmPayments(@Disposes EvmPayments payments) {
    payments.close();
  }

  /**
   * The service's own x402 settler: reads, simulates and submits EIP-3009 authorizations. Built at
   * start-up so that a relayer key that is not one stops the start.
   */
  @Produces
  @Singleton
  @Startup
  @Typed(RelayerSettlement.class)
  RelayerSettlement relayerSettlement(
      ChainReadsConfig chains, PayPerCallConfig x402, SenderNonces nonces, Clock clock) {
    return new RelayerSettlement(
        EvmChainSettings.evmConfig(chains).chains(),
        PaymentSettings.privateKey(x402.relayerKey(), "walletstate.x402.relayer-key"),
        x402.settleWait(),
        nonces,
        new RelayerSettlement.Pipeline(
            x402.settleSenders(),
            x402.openCalls(),
            x402.replaceAfter(),
            BigInteger.valueOf(x402.maxFeePerGas())),
        clock);
  }

  void closeRelayerSettlement(@Disposes RelayerSettlement settlement) {
    settlement.close();
  }

  @Produces
  @ApplicationScoped
  PaidCallUseCase paidCalls(
      TransferAuthorizations chain, PaidCalls store, Clock clock, PayPerCallConfig x402) {
    return new PaidCallService(chain, store, clock, limits(x402));
  }

  /**
   * An authorization must stay valid for the quote's {@code maxTimeoutSeconds}, within the
   * allowance either way; what is left must outlast a settlement.
   */
  static PaidCallService.Limits limits(PayPerCallConfig x402) {
    Duration timeout = Duration.ofSeconds(x402.maxTimeoutSeconds());
    Duration least = timeout.minus(x402.validityAllowance());
    if (least.compareTo(x402.settleWait()) <= 0) {
      throw new IllegalArgumentException(
          "walletstate.x402.max-timeout-seconds less walletstate.x402.validity-allowance must be"
              + " longer than walletstate.x402.settle-wait");
    }
    return new PaidCallService.Limits(
        least, timeout.plus(x402.validityAllowance()), x402.openCalls(), 2);
  }

  @Produces
  @ApplicationScoped
  RetryPassMints retryPassMints(
      AccessPasses passes, PassMints mints, Clock clock, PaymentsConfig payments) {
    return new RetryPassMints(
        passes, mints, clock, RetryPassMints.claimFor(payments.accessPass().mintWait()));
  }
}
