package org.walletstate.application.port.out;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.walletstate.domain.payload.PayloadValue;

/**
 * Signs discount verifications: the statement whole, under the discount kid with its ML-DSA-65
 * companion (the verifier SDK's {@code StatementType.DISCOUNT}).
 */
public interface DiscountSigner {

  /**
   * @param discount the statement as {@code DiscountStatement.payload()} lays it out
   * @return the signed text {@code {discount, sig, kid, pqSig, pqKid}}
   * @throws RuntimeException when it cannot be signed (the caller answers 503, nothing stored)
   */
  String signDiscount(PayloadValue.Obj discount);

  /**
   * Signs as {@link #signDiscount} does, on the calling thread, and hands the statement to the
   * transparency log without waiting: the stage gives the signed text, with its leaf index, once
   * the entry is durable (the text finished on {@code finishing}); no thread waits for the append
   * meanwhile. It fails as {@link #signDiscount} throws ({@link StatementLog.Unavailable} when the
   * log's store did not commit the entry in time). This default signs and appends at once.
   */
  default CompletionStage<String> submitDiscount(PayloadValue.Obj discount, Executor finishing) {
    try {
      return CompletableFuture.completedFuture(signDiscount(discount));
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }
}
