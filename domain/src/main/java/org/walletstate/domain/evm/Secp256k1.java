package org.walletstate.domain.evm;

import java.math.BigInteger;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.digest.Keccak256;

/**
 * The signer of a 65-byte secp256k1 signature ({@code r ‖ s ‖ v}) over a 32-byte digest, recovered
 * by the rules Solidity contracts apply with OpenZeppelin's {@code ECDSA.recover}: {@code v} is 27
 * or 28, {@code r} and {@code s} are in {@code [1, n-1]}, and {@code s} is in the lower half of the
 * group order (no malleable twin). A signature outside these rules recovers no one.
 *
 * <p>Pure arithmetic on the curve {@code y² = x³ + 7} over the field of {@link #P}, in affine
 * coordinates; not constant-time, which is fine for verifying public signatures.
 */
public final class Secp256k1 {

  static final BigInteger P =
      new BigInteger("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F", 16);
  static final BigInteger N =
      new BigInteger("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141", 16);
  private static final BigInteger HALF_N = N.shiftRight(1);
  private static final Point G =
      new Point(
          new BigInteger("79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798", 16),
          new BigInteger("483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8", 16));
  private static final BigInteger SEVEN = BigInteger.valueOf(7);
  private static final BigInteger THREE = BigInteger.valueOf(3);

  private Secp256k1() {}

  /**
   * The address whose key made {@code signature} over {@code digest}; empty when the signature is
   * not 65 bytes, breaks the rules above, or names no point.
   */
  public static Optional<EvmAddress> recover(Bytes32 digest, Bytes signature) {
    Objects.requireNonNull(digest, "digest");
    Objects.requireNonNull(signature, "signature");
    if (signature.length() != 65) {
      return Optional.empty();
    }
    byte[] raw = signature.toArray();
    int v = raw[64] & 0xff;
    if (v != 27 && v != 28) {
      return Optional.empty();
    }
    return publicKey(digest, raw, v == 28)
        .map(key -> EvmAddress.ofBytes(java.util.Arrays.copyOfRange(Keccak256.hash(key), 12, 32)));
  }

  /**
   * The public key ({@code x ‖ y}, 64 bytes, uncompressed without its {@code 04} prefix) whose
   * signature {@code r ‖ s} (the first 64 bytes of {@code rs}) over {@code digest} it is, with the
   * parity of R's y that the recovery id names; empty under the same rules as {@link #recover}.
   */
  public static Optional<byte[]> publicKey(Bytes32 digest, byte[] rs, boolean oddY) {
    BigInteger r = new BigInteger(1, java.util.Arrays.copyOfRange(rs, 0, 32));
    BigInteger s = new BigInteger(1, java.util.Arrays.copyOfRange(rs, 32, 64));
    if (r.signum() == 0 || r.compareTo(N) >= 0 || s.signum() == 0 || s.compareTo(HALF_N) > 0) {
      return Optional.empty();
    }
    // the point R with x = r and the parity named (the precompile never uses x = r + n)
    BigInteger ySquared = r.pow(3).add(SEVEN).mod(P);
    BigInteger y = ySquared.modPow(P.add(BigInteger.ONE).shiftRight(2), P);
    if (!y.multiply(y).mod(P).equals(ySquared)) {
      return Optional.empty();
    }
    if (y.testBit(0) != oddY) {
      y = P.subtract(y);
    }
    Point big = new Point(r, y);
    BigInteger e = digest.toUnsigned().mod(N);
    BigInteger rInverse = r.modInverse(N);
    BigInteger u1 = N.subtract(e).multiply(rInverse).mod(N);
    BigInteger u2 = s.multiply(rInverse).mod(N);
    Point q = add(multiply(G, u1), multiply(big, u2));
    if (q == null) {
      return Optional.empty();
    }
    byte[] publicKey = new byte[64];
    put(q.x(), publicKey, 0);
    put(q.y(), publicKey, 32);
    return Optional.of(publicKey);
  }

  /** A point of the curve; {@code null} stands for the point at infinity. */
  private record Point(BigInteger x, BigInteger y) {}

  private static Point multiply(Point point, BigInteger scalar) {
    Point result = null;
    Point addend = point;
    for (int i = 0; i < scalar.bitLength(); i++) {
      if (scalar.testBit(i)) {
        result = add(result, addend);
      }
      addend = add(addend, addend);
    }
    return result;
  }

  private static Point add(Point a, Point b) {
    if (a == null) {
      return b;
    }
    if (b == null) {
      return a;
    }
    BigInteger lambda;
    if (a.x().equals(b.x())) {
      if (!a.y().equals(b.y()) || a.y().signum() == 0) {
        return null;
      }
      lambda = THREE.multiply(a.x().pow(2)).multiply(a.y().shiftLeft(1).modInverse(P)).mod(P);
    } else {
      lambda = b.y().subtract(a.y()).multiply(b.x().subtract(a.x()).modInverse(P)).mod(P);
    }
    BigInteger x = lambda.pow(2).subtract(a.x()).subtract(b.x()).mod(P);
    BigInteger y = lambda.multiply(a.x().subtract(x)).subtract(a.y()).mod(P);
    return new Point(x, y);
  }

  private static void put(BigInteger value, byte[] into, int at) {
    byte[] magnitude = value.toByteArray();
    int copy = Math.min(magnitude.length, 32);
    System.arraycopy(magnitude, magnitude.length - copy, into, at + 32 - copy, copy);
  }
}
