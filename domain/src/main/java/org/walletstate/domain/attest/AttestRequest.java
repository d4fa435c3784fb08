package org.walletstate.domain.attest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.attest.attestation.Attestation;
import org.walletstate.domain.attest.condition.BoundCondition;
import org.walletstate.domain.attest.condition.Condition;
import org.walletstate.domain.attest.condition.Erc7710Delegation;
import org.walletstate.domain.attest.condition.RequestedCondition;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.holding.Wallets;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.payload.KeyVersion;

/**
 * What an attest request asks of the chains, validated: all the read plan ({@link ReadPlan}) and
 * the evaluation ({@link AttestEvaluation}) take. One that exists satisfies every rule the request
 * alone can check: its conditions validated when they were built, the rules over the whole request
 * ({@code AttestRules}) when it is. The application's attest command carries one beside the options
 * that only shape the answer (its format), and its reader builds both from a request body.
 *
 * @param keyVersion the caller's key version (number handling, v1 condition shapes)
 * @param wallets the wallets the conditions are about
 * @param conditions 1 to 10, in request order
 * @param proof whether Merkle proofs were asked for (they are read and evaluated)
 * @param declaredLimits whether delegation results carry declared limits
 * @param anchor which block of each chain the reads are pinned to ({@code latest} by default)
 * @param assurance how each chain is read, when the request asks ({@code "assurance"}): then every
 *     result signs its {@code readAssurance}; empty reads from one provider and signs nothing more
 */
public record AttestRequest(
    KeyVersion keyVersion,
    Wallets wallets,
    List<RequestedCondition> conditions,
    ProofMode proof,
    DeclaredLimits declaredLimits,
    AnchorTag anchor,
    Optional<Assurance> assurance) {

  /** Conditions per request. */
  public static final int MAX_CONDITIONS = 10;

  /**
   * @throws NullPointerException when a component is missing
   * @throws IllegalArgumentException when the conditions are not 1 to 10 in request order
   * @throws ValidationException with the 400 message of the first rule over the whole request that
   *     it breaks (a condition without its family's wallet, a holding read two ways, more than
   *     three delegations, an anchor or a quorum a chain does not serve)
   */
  // Alike by design: the components written out again, as the rules below read the assigned
  // fields through this, which a compact constructor has not assigned yet.
  public AttestRequest(
      KeyVersion keyVersion,
      Wallets wallets,
      List<RequestedCondition> conditions,
      ProofMode proof,
      DeclaredLimits declaredLimits,
      AnchorTag anchor,
      Optional<Assurance> assurance) {
    this.keyVersion = Objects.requireNonNull(keyVersion, "keyVersion");
    this.wallets = Objects.requireNonNull(wallets, "wallets");
    this.conditions = List.copyOf(conditions);
    this.proof = Objects.requireNonNull(proof, "proof");
    this.declaredLimits = Objects.requireNonNull(declaredLimits, "declaredLimits");
    this.anchor = Objects.requireNonNull(anchor, "anchor");
    this.assurance = Objects.requireNonNull(assurance, "assurance");
    if (this.conditions.isEmpty() || this.conditions.size() > MAX_CONDITIONS) {
      throw new IllegalArgumentException("an attest request has 1 to 10 conditions");
    }
    for (int i = 0; i < this.conditions.size(); i++) {
      if (this.conditions.get(i).index() != i) {
        throw new IllegalArgumentException("conditions must be in request order");
      }
    }
    AttestRules.RULES.forEach(rule -> rule.check(this));
  }

  /** How the chains are read: the option's mode, or one provider when the option is absent. */
  public Assurance readMode() {
    return assurance.orElse(Assurance.SINGLE);
  }

  /**
   * How long the attestation of this request is valid after {@code attestedAt}: 5 minutes when a
   * condition is a delegation (revocation can follow quickly), 30 minutes otherwise.
   */
  public Duration attestationLifetime() {
    return conditions.stream().anyMatch(c -> c.condition() instanceof Erc7710Delegation)
        ? Attestation.DELEGATION_LIFETIME
        : Attestation.LIFETIME;
  }

  /**
   * Each condition bound to the request's wallet of its chain's family, in request order. Every
   * such wallet is present: a request without one is refused when built.
   */
  public List<BoundCondition<?>> boundConditions() {
    List<BoundCondition<?>> bound = new ArrayList<>(conditions.size());
    for (RequestedCondition requested : conditions) {
      Condition<?> condition = requested.condition();
      bound.add(
          BoundCondition.of(
              condition,
              wallets
                  .of(condition.chain().family())
                  .orElseThrow(
                      () -> new IllegalStateException("no wallet for " + requested.path()))));
    }
    return bound;
  }
}
