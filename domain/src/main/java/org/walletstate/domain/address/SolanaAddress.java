package org.walletstate.domain.address;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.HexFormat;
import org.walletstate.domain.chain.ChainFamily;

/**
 * A Solana account: a 32-byte key written in Base58 with the Bitcoin alphabet, 32 to 44 characters.
 * Solana addresses carry no checksum, so a typo that stays in the alphabet and still decodes to 32
 * bytes names another account; nothing here can catch it. The key is not required to lie on the
 * ed25519 curve: program-derived addresses, which are off the curve, own token accounts too.
 */
public final class SolanaAddress extends EncodedKey implements WalletAddress {

  static final int KEY_LENGTH = 32;
  static final int MIN_TEXT = 32;
  static final int MAX_TEXT = 44;

  private static final String EXPECTED = "a Solana address (base58 of a 32-byte key)";

  /** The DER prefix of an X.509 ed25519 public key, before its 32 bytes. */
  private static final byte[] ED25519_X509_PREFIX =
      HexFormat.of().parseHex("302a300506032b6570032100");

  private SolanaAddress(String text, byte[] key) {
    super(text, key);
  }

  /**
   * Parses an address.
   *
   * @param field the field name used in the message on failure
   */
  public static SolanaAddress parse(String text, String field) {
    return new SolanaAddress(text, decodeKey(text, field, EXPECTED));
  }

  /** An address known to be well formed (constants, values read from a chain). */
  public static SolanaAddress of(String text) {
    return parse(text, "address");
  }

  public static SolanaAddress ofBytes(byte[] key) {
    if (key.length != KEY_LENGTH) {
      throw new IllegalArgumentException("a Solana address has 32 bytes");
    }
    return new SolanaAddress(Base58.BITCOIN.encode(key), key.clone());
  }

  /** Decodes a 32-byte key from its Base58 text, refusing anything else for {@code field}. */
  static byte[] decodeKey(String text, String field, String expected) {
    if (text == null || text.length() < MIN_TEXT || text.length() > MAX_TEXT) {
      throw Refusal.of(field, expected, text, MAX_TEXT, null);
    }
    byte[] key = Refusal.decoded(Base58.BITCOIN::decode, field, expected, text, MAX_TEXT);
    if (key.length != KEY_LENGTH) {
      throw Refusal.of(field, expected, text, MAX_TEXT, "it decodes to " + key.length + " bytes");
    }
    return key;
  }

  @Override
  public ChainFamily family() {
    return ChainFamily.SOLANA;
  }

  /** The 32-byte key. */
  public byte[] bytes() {
    return key();
  }

  /**
   * Whether {@code signature} (64 bytes) is this key's ed25519 signature of {@code message}; false
   * for any malformed input, or a key that is not a curve point.
   */
  public boolean signed(byte[] message, byte[] signature) {
    try {
      byte[] encoded = new byte[ED25519_X509_PREFIX.length + KEY_LENGTH];
      System.arraycopy(ED25519_X509_PREFIX, 0, encoded, 0, ED25519_X509_PREFIX.length);
      System.arraycopy(key(), 0, encoded, ED25519_X509_PREFIX.length, KEY_LENGTH);
      Signature verifier = Signature.getInstance("Ed25519");
      verifier.initVerify(
          KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(encoded)));
      verifier.update(message);
      return verifier.verify(signature);
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      return false;
    }
  }
}
