package org.walletstate.application.port.out;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.tlog.LoggedStatement;

/**
 * Signs a trust profile whole under the trust kids (P-256 {@code <ns>-trust-v2} and its ML-DSA-65
 * companion {@code <ns>-trust-pq1}), after adding each check's {@code conditionHash} beside its
 * {@code evaluatedCondition}.
 */
public interface TrustProfileSigner {

  /**
   * Signs one profile and appends it to the transparency log on its own.
   *
   * @param profile the profile as {@code TrustProfile.payload()} lays it out
   * @return the {@code data} text {@code {trust, sig, kid, pqSig, pqKid}}
   */
  String signTrustProfile(PayloadValue.Obj profile);

  /**
   * Signs one profile of a batch without logging it yet: the batch's profiles, signed in parallel,
   * are then logged together by {@link #logged}. A signer without a log of its own finishes the
   * text here.
   */
  default Signed signUnlogged(PayloadValue.Obj profile) {
    return new Finished(signTrustProfile(profile));
  }

  /**
   * Appends the profiles signed by {@link #signUnlogged} to the transparency log together (one
   * append, at consecutive leaf indexes in this order) and gives their {@code data} texts in the
   * same order.
   *
   * @throws RuntimeException when the log did not take them (none of them is then issued)
   */
  default List<String> logged(List<Signed> signed) {
    List<String> texts = new ArrayList<>();
    for (Signed profile : signed) {
      texts.add(((Finished) profile).text());
    }
    return texts;
  }

  /**
   * Hands the profiles signed by {@link #signUnlogged} to the transparency log together, as {@link
   * #logged} appends them, without waiting: the stage gives their {@code data} texts, in the same
   * order, once the entries are durable. No thread waits for the append meanwhile; the texts are
   * finished on {@code finishing}, within the append's bounded wait. It fails as {@link #logged}
   * throws ({@link StatementLog.Unavailable} when the log's store did not commit them in time).
   * This default appends at once on the calling thread.
   */
  default CompletionStage<List<String>> submitted(List<Signed> signed, Executor finishing) {
    try {
      return CompletableFuture.completedFuture(logged(signed));
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  /**
   * The transparency log entries of profiles signed by {@link #signUnlogged}, in their order (none
   * from a signer without a log of its own).
   */
  default List<LoggedStatement> entries(List<Signed> signed) {
    return List.of();
  }

  /**
   * The texts of profiles signed by {@link #signUnlogged} whose {@link #entries} the caller made
   * durable in the log's store itself (with the call's debit, {@link CreditLedger#debit}): no leaf
   * index, which the log's batch gives them later.
   */
  default List<String> written(List<Signed> signed) {
    return logged(signed);
  }

  /** A profile signed by {@link #signUnlogged}, to be handed to {@link #logged}. */
  interface Signed {}

  /** A profile whose text is final (no log entry is added by {@link #logged}). */
  record Finished(String text) implements Signed {}
}
