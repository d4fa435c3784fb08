package org.walletstate.adapters.http.wiring;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.Typed;
import java.time.Clock;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.walletstate.adapters.http.observability.OnCallerContext;
import org.walletstate.application.account.Charging;
import org.walletstate.application.account.Metering;
import org.walletstate.application.account.port.in.SharedAllowanceUseCase;
import org.walletstate.application.attest.AttestService;
import org.walletstate.application.attest.port.in.AttestUseCase;
import org.walletstate.application.payment.port.in.PaidCallUseCase;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.application.port.out.TrustProfileSigner;
import org.walletstate.application.trust.TrustService;
import org.walletstate.domain.trust.TrustCheckList;

/**
 * How calls are paid: the one {@link Charging} service over every kind of payer (a key's credits,
 * an x402 payment, the shared allowance of {@code /mcp}), and the payable use cases built on it.
 * These producers take precedence over the credit-only ones of {@link Wiring} ({@code attest},
 * {@code trust}), which are to go when the root is split by feature.
 */
@ApplicationScoped
public class PayerWiring {

  /** Payable use cases outrank the root's credit-only producers of the same types. */
  private static final int OVER_THE_ROOT = 1;

  /** Signing is CPU work: one thread per core, never an event loop. */
  private static final ExecutorService SIGNING = signingThreads();

  private static ExecutorService signingThreads() {
    AtomicInteger count = new AtomicInteger();
    return Executors.newFixedThreadPool(
        Runtime.getRuntime().availableProcessors(),
        task -> {
          Thread thread = new Thread(task, "signing-" + count.incrementAndGet());
          thread.setDaemon(true);
          return thread;
        });
  }

  @Produces
  @ApplicationScoped
  Charging charging(
      Metering metering, SharedAllowanceUseCase allowance, PaidCallUseCase paidCalls) {
    return new Charging(metering, allowance, paidCalls);
  }

  @Produces
  @ApplicationScoped
  @Alternative
  @Priority(OVER_THE_ROOT)
  AttestUseCase attest(
      ChainState chains,
      AttestationSigner signer,
      Charging charging,
      Entropy entropy,
      Clock clock) {
    return new AttestService(
        new OnCallerContext(chains), signer, charging, entropy, clock, SIGNING);
  }

  @Produces
  @ApplicationScoped
  @Alternative
  @Priority(OVER_THE_ROOT)
  @Typed(TrustService.class)
  TrustService trust(
      TrustCheckList list,
      ChainState chains,
      TrustProfileSigner signer,
      Charging charging,
      Entropy entropy,
      Clock clock) {
    return new TrustService(
        list, new OnCallerContext(chains), signer, charging, entropy, clock, SIGNING);
  }
}
