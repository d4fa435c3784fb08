package org.walletstate.verifier;

import java.util.Optional;

/**
 * The key roles that may sign one statement type: the shared legacy role (V1, null for the types
 * that do not accept it), the type's V2 role, and its ML-DSA-65 companion role. The role of a kid
 * selects the preimage scheme.
 *
 * @param legacy the V1 role, or null
 * @param v2 the V2 role
 * @param companion the companion role
 */
record SigningRoles(KeyRole legacy, KeyRole v2, KeyRole companion) {

  /** The scheme a signature under {@code role} is over; empty when the role may not sign. */
  Optional<PreimageScheme> scheme(KeyRole role) {
    if (role == v2) {
      return Optional.of(PreimageScheme.V2);
    }
    return role != null && role == legacy ? Optional.of(PreimageScheme.V1) : Optional.empty();
  }

  /** The classical role that signs in {@code scheme}, or null when none does. */
  KeyRole signer(PreimageScheme scheme) {
    return scheme == PreimageScheme.V2 ? v2 : legacy;
  }
}
