package org.walletstate.adapters.chain.jsonrpc;

import java.util.ArrayList;
import java.util.List;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.observation.ChainObservation;

/**
 * The anchor a {@link QuorumPinning#PINNED} quorum reads at: every provider's latest anchor at
 * once; the lowest is the anchor, provided the highest is at most the chain's lag above it; every
 * provider above it is asked for its anchor at that position, and all must hold the same one. A
 * {@link QuorumPinning#BRACKETED} quorum compares the providers' latest anchors alike, each then
 * reading from its own.
 */
final class QuorumAgreement<R extends ChainRead<?>> {

  /** Why a quorum read ends without an observation. */
  static final class Refused extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient ChainObservation.HeadUnavailable observation;

    Refused(ChainObservation.HeadUnavailable observation) {
      super(observation.detail(), null, false, false);
      this.observation = observation;
    }

    ChainObservation.HeadUnavailable observation() {
      return observation;
    }
  }

  /** One provider's answer: what it answered, or why it could not. */
  private record Answer(Anchor anchor, String failure) {}

  private final QuorumSnapshotChainState<R> quorum;
  private final Deadline deadline;

  QuorumAgreement(QuorumSnapshotChainState<R> quorum, Deadline deadline) {
    this.quorum = quorum;
    this.deadline = deadline;
  }

  Anchor anchor() throws Refused {
    List<Anchor> latest = answered(quorum.everywhere(p -> () -> answer(p, -1)));
    int low = within(quorum, latest);
    long position = quorum.position(latest.get(low));
    List<Anchor> atLow =
        answered(
            quorum.everywhere(
                p -> {
                  Anchor own = latest.get(quorum.providers().indexOf(p));
                  return () ->
                      quorum.position(own) == position
                          ? new Answer(own, null)
                          : answer(p, position);
                }));
    for (int i = 0; i < atLow.size(); i++) {
      if (!atLow.get(i).equals(latest.get(low))) {
        throw quorum.refusal(low, i, "hold different anchors at " + position);
      }
    }
    return latest.get(low);
  }

  /**
   * {@link QuorumPinning#BRACKETED}: every provider's latest anchor at once, at most the chain's
   * lag apart and identical where at the same position, in provider order; each provider reads from
   * its own.
   */
  List<Anchor> own() throws Refused {
    List<Anchor> latest = answered(quorum.everywhere(p -> () -> answer(p, -1)));
    alike(quorum, latest);
    return latest;
  }

  /**
   * The provider whose anchor is the lowest, provided the anchors are at most the chain's lag apart
   * and any two at one position are the same anchor (same hash); else a disagreement.
   */
  static int alike(QuorumSnapshotChainState<?> quorum, List<Anchor> anchors) throws Refused {
    int low = within(quorum, anchors);
    for (int i = 0; i < anchors.size(); i++) {
      for (int j = i + 1; j < anchors.size(); j++) {
        long position = quorum.position(anchors.get(i));
        if (quorum.position(anchors.get(j)) == position && !anchors.get(i).equals(anchors.get(j))) {
          throw quorum.refusal(i, j, "hold different anchors at " + position);
        }
      }
    }
    return low;
  }

  /**
   * The provider whose anchor is the lowest, provided the highest is at most the chain's lag above
   * it; else a disagreement (the lower provider cannot serve an anchor the others hold).
   */
  static int within(QuorumSnapshotChainState<?> quorum, List<Anchor> anchors) throws Refused {
    int low = 0;
    int high = 0;
    for (int i = 1; i < anchors.size(); i++) {
      low = quorum.position(anchors.get(i)) < quorum.position(anchors.get(low)) ? i : low;
      high = quorum.position(anchors.get(i)) > quorum.position(anchors.get(high)) ? i : high;
    }
    long lag = quorum.position(anchors.get(high)) - quorum.position(anchors.get(low));
    if (lag > quorum.maxLag()) {
      throw quorum.refusal(
          low,
          high,
          "are "
              + lag
              + " apart (at most "
              + quorum.maxLag()
              + " allowed): "
              + quorum.name(low)
              + " lags");
    }
    return low;
  }

  /** Its latest anchor ({@code position} -1), or its anchor at {@code position}. */
  private Answer answer(QuorumSnapshotChainState.Provider<R> provider, long position) {
    try {
      return new Answer(
          position < 0
              ? provider.reader().latest(deadline)
              : provider.reader().at(position, deadline),
          null);
    } catch (RpcFailure failure) {
      return new Answer(null, failure.getMessage());
    } catch (RuntimeException unexpected) {
      return new Answer(null, "unexpected " + unexpected.getClass().getSimpleName());
    }
  }

  /** Every provider's anchor, or the refusal naming the first that could not be read. */
  private List<Anchor> answered(List<Answer> answers) throws Refused {
    List<Anchor> anchors = new ArrayList<>();
    for (int i = 0; i < answers.size(); i++) {
      if (answers.get(i).failure() != null) {
        throw new Refused(
            new ChainObservation.HeadUnavailable(quorum.name(i) + ": " + answers.get(i).failure()));
      }
      anchors.add(answers.get(i).anchor());
    }
    return anchors;
  }
}
