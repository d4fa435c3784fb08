package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.time.Instant;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.Bytes32;

/**
 * Per-call payments by authorization: each authorization (token, payer, nonce) is claimed by one
 * call, ever. A claim is released when the call's work failed (nothing was delivered, the
 * authorization was not used), and kept once its settlement was attempted.
 */
public interface PaidCalls {

  /**
   * Claims the authorization for one call.
   *
   * @return true for the first claim; false when it was claimed before (also concurrently)
   */
  Uni<Boolean> claim(Claim claim);

  /** The claimed call was answered and its payment settled in {@code txHash}. */
  Uni<Void> settled(Claim claim, String txHash, Instant at);

  /** The claimed call was answered but its settlement did not complete; the claim stays. */
  Uni<Void> unsettled(Claim claim, Instant at);

  /** The claimed call failed before delivering anything: the authorization may be sent again. */
  Uni<Void> release(Claim claim);

  /**
   * @param chainId the EVM chain
   * @param token the token contract
   * @param payer the authorization's {@code from}
   * @param nonce the authorization's nonce
   * @param value what it authorizes, atomic units
   * @param operation the endpoint paid for
   */
  record Claim(
      long chainId,
      EvmAddress token,
      EvmAddress payer,
      Bytes32 nonce,
      BigInteger value,
      String operation,
      Instant at) {}
}
