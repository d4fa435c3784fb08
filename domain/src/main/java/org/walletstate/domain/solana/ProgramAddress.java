package org.walletstate.domain.solana;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import org.walletstate.domain.address.SolanaAddress;

/**
 * Solana program-derived addresses: {@code findProgramAddress(seeds, program)} tries bumps from 255
 * down and takes the first SHA-256({@code seeds ‖ bump ‖ program ‖ "ProgramDerivedAddress"}) that
 * is not a point of the ed25519 curve. Associated token accounts and Metaplex metadata accounts are
 * such addresses.
 */
public final class ProgramAddress {

  /** The Metaplex Token Metadata program. */
  public static final SolanaAddress METADATA_PROGRAM =
      SolanaAddress.of("metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s");

  /** The Associated Token Account program. */
  public static final SolanaAddress ASSOCIATED_TOKEN_PROGRAM =
      SolanaAddress.of("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL");

  private static final BigInteger P = BigInteger.TWO.pow(255).subtract(BigInteger.valueOf(19));
  private static final BigInteger D =
      BigInteger.valueOf(-121665).multiply(BigInteger.valueOf(121666).modInverse(P)).mod(P);
  private static final BigInteger HALF = P.subtract(BigInteger.ONE).shiftRight(1);
  private static final byte[] MARKER = "ProgramDerivedAddress".getBytes(StandardCharsets.US_ASCII);

  private ProgramAddress() {}

  /** The address and its bump. */
  public record Found(SolanaAddress address, int bump) {}

  public static Found find(List<byte[]> seeds, SolanaAddress program) {
    for (int bump = 255; bump >= 0; bump--) {
      MessageDigest sha = sha256();
      seeds.forEach(sha::update);
      sha.update((byte) bump);
      sha.update(program.bytes());
      sha.update(MARKER);
      byte[] hash = sha.digest();
      if (!onCurve(hash)) {
        return new Found(SolanaAddress.ofBytes(hash), bump);
      }
    }
    throw new IllegalStateException("no program address for these seeds");
  }

  /** The Metaplex metadata account of {@code mint}. */
  public static SolanaAddress metadata(byte[] mint) {
    return find(
            List.of("metadata".getBytes(StandardCharsets.US_ASCII), METADATA_PROGRAM.bytes(), mint),
            METADATA_PROGRAM)
        .address();
  }

  /**
   * The associated token account of {@code owner} for {@code mint} under {@code tokenProgram} (SPL
   * Token or Token-2022): seeds owner, token program, mint.
   */
  public static SolanaAddress associatedTokenAccount(
      SolanaAddress owner, SolanaAddress mint, SolanaAddress tokenProgram) {
    return find(
            List.of(owner.bytes(), tokenProgram.bytes(), mint.bytes()), ASSOCIATED_TOKEN_PROGRAM)
        .address();
  }

  /**
   * Whether 32 bytes decompress to an ed25519 point: y (little-endian, top bit the sign of x) gives
   * x² = (y² − 1) / (d·y² + 1), which must be a square modulo p.
   */
  public static boolean onCurve(byte[] key) {
    byte[] bigEndian = new byte[32];
    for (int i = 0; i < 32; i++) {
      bigEndian[i] = key[31 - i];
    }
    bigEndian[0] &= 0x7f;
    BigInteger y = new BigInteger(1, bigEndian).mod(P);
    BigInteger yy = y.multiply(y).mod(P);
    BigInteger u = yy.subtract(BigInteger.ONE).mod(P);
    BigInteger v = D.multiply(yy).add(BigInteger.ONE).mod(P);
    BigInteger xx = u.multiply(v.modInverse(P)).mod(P);
    return xx.signum() == 0 || xx.modPow(HALF, P).equals(BigInteger.ONE);
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }
}
