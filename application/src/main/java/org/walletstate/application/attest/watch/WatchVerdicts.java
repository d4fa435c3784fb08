package org.walletstate.application.attest.watch;

import java.time.Duration;
import java.util.List;
import org.walletstate.application.attest.watch.port.in.WatchCommand;
import org.walletstate.application.attest.watch.port.out.WatchEvaluations;
import org.walletstate.domain.attest.AttestEvaluation;
import org.walletstate.domain.attest.FailedCondition;
import org.walletstate.domain.attest.attestation.ConditionResult;

/** What a watch's evaluation means for it. */
final class WatchVerdicts {

  private WatchVerdicts() {}

  /** Each condition's {@code met}, in request order. */
  static List<Boolean> met(AttestEvaluation.Complete complete) {
    return complete.results().stream().map(ConditionResult::met).toList();
  }

  /** Whether a complete evaluation is a change the watch delivers. */
  static boolean changed(WatchEvaluations.Due due, AttestEvaluation.Complete complete) {
    if (complete.pass() != due.pass()) {
      return true;
    }
    return due.deliverOn() == WatchCommand.DeliverOn.MET && !met(complete).equals(due.met());
  }

  /**
   * Whether {@code read} is the verdict {@code found} is, as a watch delivering on {@code on} tells
   * verdicts apart: the same {@code pass} (and, with {@code met}, every condition's met).
   */
  static boolean same(
      WatchCommand.DeliverOn on, AttestEvaluation.Complete found, AttestEvaluation.Complete read) {
    if (found.pass() != read.pass()) {
      return false;
    }
    return on != WatchCommand.DeliverOn.MET || met(found).equals(met(read));
  }

  /** How the status detail of a watch set apart from the shared round starts. */
  static final String APART = "failed alone ";

  /** The status detail of a watch whose reads failed alone {@code strikes} times in a row. */
  static String apart(int strikes, Duration wait, AttestEvaluation.Incomplete incomplete) {
    FailedCondition first = incomplete.failedConditions().get(0);
    return APART
        + strikes
        + (strikes == 1 ? " time" : " times in a row")
        + " while its chain answered the other watches: read on its own, apart from the chain's"
        + " shared read, again in "
        + wait.toSeconds()
        + " s; conditions["
        + first.condition()
        + "] on chain "
        + first.chainId().wireValue()
        + ": "
        + first.message();
  }

  /** The status detail of an incomplete read: which chain failed, and how. */
  /** The status text of a watch whose key cannot pay for its change. */
  static String unpaid(long available, long price) {
    return "the key has "
        + available
        + " credits; a change costs "
        + price
        + ". Evaluation goes on; the change is delivered once the key has credits";
  }

  static String failure(AttestEvaluation.Incomplete incomplete) {
    FailedCondition first = incomplete.failedConditions().get(0);
    return "conditions["
        + first.condition()
        + "] on chain "
        + first.chainId().wireValue()
        + ": "
        + first.message()
        + "; retried at the next evaluation";
  }
}
