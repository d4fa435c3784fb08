package org.walletstate.domain.attest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.attest.attestation.ConditionResult;
import org.walletstate.domain.attest.condition.BoundCondition;
import org.walletstate.domain.attest.condition.ConditionVerdict;
import org.walletstate.domain.attest.condition.RequestedCondition;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ReadAssurance;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.MerkleProof;
import org.walletstate.domain.proof.ProofRequirement;

/**
 * What an attest request's read outcomes come to, as a whole:
 *
 * <ul>
 *   <li>{@link Refused}: the chain showed the request to be wrong (stated decimals, amount
 *       precision): a 400, before any charge. Wins over everything else, since retrying cannot
 *       help;
 *   <li>{@link Incomplete}: some read did not complete: {@code rpc_failure} (503), nothing signed
 *       or charged;
 *   <li>{@link Complete}: one result per condition, ready to sign.
 * </ul>
 */
public sealed interface AttestEvaluation
    permits AttestEvaluation.Complete, AttestEvaluation.Incomplete, AttestEvaluation.Refused {

  /**
   * Evaluates every condition of {@code request} against its chain's observation.
   *
   * @param observations one per chain of the request's {@link ReadPlan}
   * @throws IllegalArgumentException when a chain's observation, or a planned read's outcome, is
   *     missing
   */
  static AttestEvaluation of(AttestRequest request, Map<ChainId, ChainObservation> observations) {
    List<ConditionResult> results = new ArrayList<>();
    List<FailedCondition> failed = new ArrayList<>();
    List<BoundCondition<?>> bound = request.boundConditions();
    for (RequestedCondition requested : request.conditions()) {
      BoundCondition<?> condition = bound.get(requested.index());
      Chain chain = condition.chain();
      ChainObservation observation = observations.get(chain.id());
      if (observation == null) {
        throw new IllegalArgumentException("no observation of chain " + chain.id());
      }
      if (observation instanceof ChainObservation.HeadUnavailable head) {
        failed.add(
            new FailedCondition(
                requested.index(), FailureSource.CHAIN_HEAD_READ, chain.id(), head.message()));
        continue;
      }
      ChainObservation.Observed observed = (ChainObservation.Observed) observation;
      ConditionVerdict verdict =
          condition.evaluate(
              request.keyVersion(), observed.anchor(), observed.readings(), requested.path());
      if (verdict instanceof ConditionVerdict.Refused refused) {
        return new Refused(refused.message());
      }
      if (verdict instanceof ConditionVerdict.Unavailable unavailable) {
        failed.add(
            new FailedCondition(
                requested.index(), unavailable.source(), chain.id(), unavailable.message()));
        continue;
      }
      ConditionVerdict.Decided decided = (ConditionVerdict.Decided) verdict;
      Optional<PayloadValue.Obj> proof = proof(request.proof(), condition, observed);
      results.add(
          new ConditionResult(
              requested.index(),
              requested.label(),
              condition.condition().type().wireName(),
              chain.id(),
              decided.met(),
              decided.evaluatedCondition(),
              observed.anchor(),
              withAssurance(
                  request,
                  observed,
                  request
                      .declaredLimits()
                      .apply(condition.condition().type().wireName(), decided.extras())),
              proof));
    }
    return failed.isEmpty() ? new Complete(results) : new Incomplete(failed);
  }

  /**
   * The extras with {@code readAssurance} last when the request asked for an assurance; as they are
   * otherwise, so a request without the option signs byte for byte as before.
   */
  private static PayloadValue.Obj withAssurance(
      AttestRequest request, ChainObservation.Observed observed, PayloadValue.Obj extras) {
    if (request.assurance().isEmpty()) {
      return extras;
    }
    return PayloadValue.objectBuilder()
        .putAll(extras)
        .put(ReadAssurance.MEMBER, observed.assurance().toPayload())
        .build();
  }

  /** The Merkle proof of a decided condition, when the request asks for proofs. */
  private static Optional<PayloadValue.Obj> proof(
      ProofMode mode, BoundCondition<?> condition, ChainObservation.Observed observed) {
    if (mode != ProofMode.MERKLE) {
      return Optional.empty();
    }
    ProofRequirement requirement = condition.proofRequirement();
    return Optional.of(
        MerkleProof.of(
            requirement,
            requirement instanceof ProofRequirement.Wanted wanted
                ? Optional.ofNullable(observed.proofs().get(wanted.target()))
                : Optional.empty(),
            observed.anchor(),
            observed.readings(),
            TokenDecimals.of(condition.chain().nativeCurrency().decimals())));
  }

  /** Every condition was decided; one result per condition, in request order. */
  record Complete(List<ConditionResult> results) implements AttestEvaluation {
    public Complete {
      results = List.copyOf(results);
    }

    public boolean pass() {
      return results.stream().allMatch(ConditionResult::met);
    }
  }

  /** Reads did not complete; the request is refused with {@code rpc_failure}. */
  record Incomplete(List<FailedCondition> failedConditions) implements AttestEvaluation {
    public Incomplete {
      failedConditions = List.copyOf(failedConditions);
      if (failedConditions.isEmpty()) {
        throw new IllegalArgumentException("an incomplete evaluation names what failed");
      }
    }
  }

  /** The request is wrong in a way only the chain could show: a 400 with this message. */
  record Refused(String message) implements AttestEvaluation {
    public Refused {
      Objects.requireNonNull(message, "message");
    }

    public ValidationException toException() {
      return new ValidationException(message);
    }
  }
}
