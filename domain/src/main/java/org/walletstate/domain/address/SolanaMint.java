package org.walletstate.domain.address;

/**
 * The address of an SPL token mint (Token or Token-2022), used as a Solana {@code contractAddress}.
 *
 * <p>The interface describes a mint as base58, 32 to 44 characters. Here it must also decode to
 * exactly 32 bytes: every Solana account address is a 32-byte key, and those are exactly the
 * lengths such keys take in Base58 (32 characters for a key of leading zero bytes, 44 at most), but
 * not every text of those lengths decodes to 32 bytes. A 44-character text can exceed 32 bytes and
 * a 32-character one without leading {@code 1}s falls short; either would name no account, and
 * refusing it here gives a 400 naming the field rather than an error from the node later.
 */
public final class SolanaMint extends EncodedKey {

  private static final String EXPECTED =
      "a Solana mint address (base58 of a 32-byte key, 32 to 44 characters)";

  private SolanaMint(String text, byte[] key) {
    super(text, key);
  }

  /**
   * Parses a mint address.
   *
   * @param field the field name used in the message on failure
   */
  public static SolanaMint parse(String text, String field) {
    return new SolanaMint(text, SolanaAddress.decodeKey(text, field, EXPECTED));
  }

  /** A mint known to be well formed (constants, values read from a chain). */
  public static SolanaMint of(String text) {
    return parse(text, "mint");
  }

  /** The 32-byte key. */
  public byte[] bytes() {
    return key();
  }

  /** The mint as an account address, for calls that take any account. */
  public SolanaAddress address() {
    return SolanaAddress.ofBytes(key());
  }
}
