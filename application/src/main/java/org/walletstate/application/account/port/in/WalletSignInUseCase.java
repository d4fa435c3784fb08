package org.walletstate.application.account.port.in;

import io.smallrye.mutiny.Uni;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.siwe.PurposeMismatch;

/**
 * {@code Authorization: Wallet}: signs a caller in with an EIP-4361 message and its EIP-191
 * signature. The signer must be the wallet registered to a key and hold the access pass on chain
 * 8453; the nonce is single-use. A signed-in request counts against the key's daily limit like a
 * key-authenticated one.
 */
public interface WalletSignInUseCase {

  /**
   * @param message the EIP-4361 message
   * @param signature the {@code 0x} hex personal_sign signature
   */
  Uni<Outcome> signIn(String message, String signature);

  /** The outcome. */
  sealed interface Outcome {
    /** Signed in (and counted), or the key's daily limit is used up. */
    record Key(AuthenticateUseCase.Outcome outcome) implements Outcome {}

    /** Refused (401): bad message, signature, nonce or pass; {@code reason} says which. */
    record Refused(String reason) implements Outcome {}

    /**
     * Refused (401): the message is signed for another purpose. The adapter words it, describing
     * each purpose by where it takes it.
     */
    record OtherPurpose(PurposeMismatch mismatch) implements Outcome {}

    /**
     * Refused (401): the signer has no key. An adapter that has endpoints says where to buy one
     * after {@link #reason()}.
     */
    record NoKey(EvmAddress wallet) implements Outcome {

      /** The refusal, naming the wallet. */
      public String reason() {
        return "no key is registered to wallet " + wallet.checksummed();
      }
    }

    /** The pass could not be read on chain (503); nothing counted or charged. */
    record Unavailable(String reason) implements Outcome {}
  }
}
