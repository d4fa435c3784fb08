package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Instant;

/**
 * The record of used EIP-4361 nonces (wallet sign-in, walletProof, pass sign-in) seen from its
 * upkeep: forgetting nonces whose messages can no longer be accepted.
 */
public interface UsedSignInNonces {

  /**
   * Forgets at most {@code limit} nonces used before {@code usedBefore}. Safe to call from several
   * replicas at once: each call takes rows no other call holds, and waits for none.
   *
   * @return how many were forgotten
   */
  Uni<Integer> forgetUsedBefore(Instant usedBefore, int limit);
}
