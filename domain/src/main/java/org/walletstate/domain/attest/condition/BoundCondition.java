package org.walletstate.domain.attest.condition;

import java.util.Objects;
import java.util.Set;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.proof.ProofRequirement;

/**
 * A condition together with the wallet it is about: the one place where a request's wallet of a
 * family meets the conditions of that family's chains.
 *
 * @param <W> the wallet type of the chain's family
 */
public final class BoundCondition<W extends WalletAddress> {

  private final Condition<W> condition;
  private final W wallet;

  private BoundCondition(Condition<W> condition, W wallet) {
    this.condition = condition;
    this.wallet = wallet;
  }

  /**
   * Binds {@code condition} to {@code wallet}.
   *
   * @throws IllegalArgumentException when the wallet is not of the condition's family
   */
  public static <W extends WalletAddress> BoundCondition<W> of(
      Condition<W> condition, WalletAddress wallet) {
    Objects.requireNonNull(condition, "condition");
    Objects.requireNonNull(wallet, "wallet");
    if (!condition.walletType().isInstance(wallet)) {
      throw new IllegalArgumentException(
          "a "
              + condition.type()
              + " condition on "
              + condition.chain().id()
              + " is not about "
              + wallet.family()
              + " wallet "
              + wallet.text());
    }
    return new BoundCondition<>(condition, condition.walletType().cast(wallet));
  }

  public Condition<W> condition() {
    return condition;
  }

  public W wallet() {
    return wallet;
  }

  public Chain chain() {
    return condition.chain();
  }

  public Set<? extends ChainRead<?>> reads() {
    return condition.reads(wallet);
  }

  public Set<? extends ChainRead<?>> followUpReads(Readings firstRound) {
    return condition.followUpReads(wallet, firstRound);
  }

  public ConditionVerdict evaluate(
      KeyVersion keyVersion, Anchor anchor, Readings readings, String path) {
    return condition.evaluate(new EvaluationContext<>(wallet, keyVersion, anchor, readings, path));
  }

  /**
   * What the result can be proven by: declined for the chain's reason on a chain without Merkle
   * proofs, otherwise the condition type's rule.
   */
  public ProofRequirement proofRequirement() {
    Chain chain = condition.chain();
    if (!chain.proofs().available()) {
      return ProofRequirement.declinedOn(chain);
    }
    return condition.proof(wallet);
  }
}
