package org.walletstate.domain.evm.delegation;

import java.math.BigInteger;
import java.util.List;
import java.util.Objects;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.digest.Keccak256;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;

/**
 * A signed delegation of the delegation framework, as a caller declares it.
 *
 * <p>{@link #hash()} is the framework's {@code EncoderLib._getDelegationHash} (the EIP-712 struct
 * hash, which {@code DelegationManager.disabledDelegations} is keyed by); {@link #digest} is what
 * the delegator signs: {@code keccak256(0x1901 ‖ domainSeparator ‖ hash)} under the domain {@code
 * {name: "DelegationManager", version: "1", chainId, verifyingContract: manager}}. The signature is
 * not part of either.
 *
 * @param delegate who may redeem the delegation
 * @param delegator who grants it (the principal)
 * @param authority {@link #ROOT_AUTHORITY} for a root delegation, else the parent's hash
 * @param caveats in order; their order is part of the hash
 * @param salt uint256
 * @param signature the delegator's signature over {@link #digest}
 */
public record Delegation(
    EvmAddress delegate,
    EvmAddress delegator,
    Bytes32 authority,
    List<Caveat> caveats,
    BigInteger salt,
    Bytes signature) {

  /** The authority of a root delegation: 32 bytes of {@code 0xff}. */
  public static final Bytes32 ROOT_AUTHORITY = new Bytes32(Bytes.fromHex("0x" + "ff".repeat(32)));

  /** The delegation type string, the caveat's type appended as EIP-712 requires. */
  public static final String TYPE =
      "Delegation(address delegate,address delegator,bytes32 authority,Caveat[] caveats,"
          + "uint256 salt)Caveat(address enforcer,bytes terms)";

  /** {@code keccak256(TYPE)}. */
  public static final Bytes32 TYPEHASH = new Bytes32(Bytes.of(Keccak256.hash(TYPE)));

  static final Bytes32 DOMAIN_TYPEHASH =
      new Bytes32(
          Bytes.of(
              Keccak256.hash(
                  "EIP712Domain(string name,string version,uint256 chainId,"
                      + "address verifyingContract)")));
  static final Bytes32 NAME_HASH = new Bytes32(Bytes.of(Keccak256.hash("DelegationManager")));
  static final Bytes32 VERSION_HASH = new Bytes32(Bytes.of(Keccak256.hash("1")));

  // Null checks written out by design: a record validates its own components on construction.
  public Delegation {
    Objects.requireNonNull(delegate, "delegate");
    Objects.requireNonNull(delegator, "delegator");
    Objects.requireNonNull(authority, "authority");
    caveats = List.copyOf(caveats);
    Objects.requireNonNull(salt, "salt");
    if (salt.signum() < 0 || salt.bitLength() > 256) {
      throw new IllegalArgumentException("salt is a uint256");
    }
    Objects.requireNonNull(signature, "signature");
  }

  public boolean isRoot() {
    return authority.equals(ROOT_AUTHORITY);
  }

  /**
   * {@code keccak256(TYPEHASH ‖ pad32(delegate) ‖ pad32(delegator) ‖ authority ‖
   * keccak256(caveatHash_0 ‖ … ‖ caveatHash_n-1) ‖ uint256(salt))}.
   */
  public Bytes32 hash() {
    Bytes[] caveatHashes = caveats.stream().map(c -> c.hash().bytes()).toArray(Bytes[]::new);
    Bytes caveatsHash = Bytes.of(Keccak256.hash(Bytes.concat(caveatHashes).toArray()));
    return keccak(
        Bytes.concat(
            TYPEHASH.bytes(),
            Bytes32.of(delegate).bytes(),
            Bytes32.of(delegator).bytes(),
            authority.bytes(),
            caveatsHash,
            Bytes32.of(salt).bytes()));
  }

  /** The manager's EIP-712 domain separator on {@code chainId}. */
  public static Bytes32 domainSeparator(long chainId, EvmAddress manager) {
    return keccak(
        Bytes.concat(
            DOMAIN_TYPEHASH.bytes(),
            NAME_HASH.bytes(),
            VERSION_HASH.bytes(),
            Bytes32.of(BigInteger.valueOf(chainId)).bytes(),
            Bytes32.of(manager).bytes()));
  }

  /** What the delegator signs for {@code manager} on {@code chainId}. */
  public Bytes32 digest(long chainId, EvmAddress manager) {
    return keccak(
        Bytes.concat(
            Bytes.of((byte) 0x19, (byte) 0x01),
            domainSeparator(chainId, manager).bytes(),
            hash().bytes()));
  }

  private static Bytes32 keccak(Bytes input) {
    return new Bytes32(Bytes.of(Keccak256.hash(input.toArray())));
  }
}
