package org.walletstate.application.commerce.port.out;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.commerce.InStorePass;

/**
 * Signs in-store passes (P-256 {@code <ns>-pass-v2} and its ML-DSA-65 companion {@code
 * <ns>-pass-pq1}) and reads back the compact code a QR carries.
 */
public interface PassSigner {

  /**
   * @return the {@code data} text {@code {pass, sig, kid, pqSig, pqKid}} and its QR code text
   */
  Signed sign(InStorePass pass);

  /**
   * Signs as {@link #sign} does, on the calling thread, and hands the pass to the transparency log
   * without waiting: the stage gives the signed pass, with its leaf index, once the entry is
   * durable (finished on {@code finishing}); no thread waits for the append meanwhile. It fails as
   * {@link #sign} throws. This default signs and appends at once.
   */
  default CompletionStage<Signed> submit(InStorePass pass, Executor finishing) {
    try {
      return CompletableFuture.completedFuture(sign(pass));
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  record Signed(String dataJson, String code) {}

  /** What a code turns out to be. */
  Reading read(String code);

  sealed interface Reading {
    /** Signed by this service and not stale. */
    record Valid(InStorePass pass) implements Reading {}

    /** Signed by this service but past its 65 seconds. */
    record Stale(EvmAddress wallet, String reason) implements Reading {}

    /** Not a pass code, or not signed by this service. */
    record Invalid(String reason, Optional<String> detail) implements Reading {}
  }
}
