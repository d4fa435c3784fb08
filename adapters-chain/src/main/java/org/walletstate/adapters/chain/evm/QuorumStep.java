package org.walletstate.adapters.chain.evm;

import org.walletstate.domain.observation.ChainObservation;

/**
 * A step of a quorum read: a value the providers agreed on, or the refusal that ends the read.
 *
 * @param value what was agreed; {@code null} when refused
 * @param refusal why the read ends; {@code null} when agreed
 */
record QuorumStep<T>(T value, ChainObservation.HeadUnavailable refusal) {

  static <T> QuorumStep<T> agreed(T value) {
    return new QuorumStep<>(value, null);
  }

  static <T> QuorumStep<T> refused(ChainObservation.HeadUnavailable refusal) {
    return new QuorumStep<>(null, refusal);
  }
}
