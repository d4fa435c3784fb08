package org.walletstate.domain.evm.delegation;

import java.util.Objects;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.digest.Keccak256;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;

/**
 * One caveat of a delegation: the enforcer contract and the terms it is given. The caveat's {@code
 * args} are set by the redeemer, are not signed and are not part of the hash, so they are not kept.
 */
public record Caveat(EvmAddress enforcer, Bytes terms) {

  /** {@code keccak256("Caveat(address enforcer,bytes terms)")}. */
  public static final Bytes32 TYPEHASH =
      new Bytes32(Bytes.of(Keccak256.hash("Caveat(address enforcer,bytes terms)")));

  public Caveat {
    Objects.requireNonNull(enforcer, "enforcer");
    Objects.requireNonNull(terms, "terms");
  }

  /** The EIP-712 struct hash: {@code keccak256(TYPEHASH ‖ pad32(enforcer) ‖ keccak256(terms))}. */
  public Bytes32 hash() {
    return new Bytes32(
        Bytes.of(
            Keccak256.hash(
                Bytes.concat(
                        TYPEHASH.bytes(),
                        Bytes32.of(enforcer).bytes(),
                        Bytes.of(Keccak256.hash(terms.toArray())))
                    .toArray())));
  }
}
