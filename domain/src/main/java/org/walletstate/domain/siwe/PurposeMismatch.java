package org.walletstate.domain.siwe;

import java.util.Optional;

/**
 * A message signed for another purpose than the one it is checked for: it names one purpose
 * resource, and not {@code checkedFor}'s. A refusal, as a value: the adapter that answers it words
 * it, since it describes each purpose by where the service takes it (which names endpoints).
 *
 * @param named the purpose resource the message lists, in lower case (possibly one the service does
 *     not know)
 * @param checkedFor the purpose the message was checked for
 */
public record PurposeMismatch(String named, SignInPurpose checkedFor) {

  /** The purpose the message is signed for; empty when the service knows no such purpose. */
  public Optional<SignInPurpose> signedFor() {
    return SignInPurpose.of(named);
  }
}
