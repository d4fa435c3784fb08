package org.walletstate.domain.address;

import java.util.Arrays;
import org.walletstate.domain.chain.ChainFamily;

/**
 * A Stellar account ({@code G...}), for wallets and asset issuers: the StrKey of an ed25519 public
 * key, 56 upper-case base32 characters, CRC verified.
 *
 * <p>Other StrKeys are refused. A muxed account ({@code M...}, 69 characters) is an account plus a
 * 64-bit id that Horizon and the ledger keys do not take; the caller is asked for the underlying
 * {@code G} account. A contract ({@code C...}) holds Soroban balances the service cannot see. A
 * secret seed ({@code S...}) is refused without being repeated. Lower case is refused, as Stellar's
 * own decoders refuse it.
 */
public final class StellarAddress extends EncodedKey implements WalletAddress {

  // Alike by design: each family's address parses and refuses in its own encoding.
  private static final int KEY_LENGTH = 32;
  private static final int TEXT_LENGTH = 56;
  private static final int MUXED_LENGTH = 69;
  private static final String EXPECTED =
      "a Stellar account (G followed by 55 base32 characters, checksum verified)";

  private StellarAddress(String text, byte[] key) {
    super(text, key);
  }

  /**
   * Parses an account.
   *
   * @param field the field name used in the message on failure
   */
  public static StellarAddress parse(String text, String field) {
    if (text == null || text.isEmpty()) {
      throw Refusal.of(field, EXPECTED, text, TEXT_LENGTH, null);
    }
    char first = text.charAt(0);
    if (first == 'S' || first == 's') {
      throw Refusal.withoutValue(
          field, EXPECTED, "the value looks like a secret seed and is not shown");
    }
    // Refusals alike by design: each refused form says why in its own words.
    if (first == 'M' && text.length() == MUXED_LENGTH) {
      throw Refusal.of(
          field,
          EXPECTED,
          text,
          MUXED_LENGTH,
          "muxed M-addresses are not accepted; send the G-address of the account");
    }
    if (first == 'C' && text.length() == TEXT_LENGTH) {
      throw Refusal.of(
          field,
          EXPECTED,
          text,
          TEXT_LENGTH,
          "contract addresses are not accepted; their balances are not readable here");
    }
    if (text.length() != TEXT_LENGTH || first != 'G') {
      String reason = first == 'g' ? "StrKeys are upper case" : null;
      throw Refusal.of(field, EXPECTED, text, TEXT_LENGTH, reason);
    }
    byte[] decoded = Refusal.decoded(StrKey::decode, field, EXPECTED, text, TEXT_LENGTH);
    if (decoded.length != 1 + KEY_LENGTH || (decoded[0] & 0xff) != StrKey.ACCOUNT_ID) {
      throw Refusal.of(field, EXPECTED, text, TEXT_LENGTH, "it is not an account key");
    }
    return new StellarAddress(text, Arrays.copyOfRange(decoded, 1, decoded.length));
  }

  /** An account known to be well formed (constants, values read from a ledger). */
  public static StellarAddress of(String text) {
    return parse(text, "address");
  }

  public static StellarAddress ofKey(byte[] publicKey) {
    if (publicKey.length != KEY_LENGTH) {
      throw new IllegalArgumentException("a Stellar account key has 32 bytes");
    }
    return new StellarAddress(StrKey.encode(StrKey.ACCOUNT_ID, publicKey), publicKey.clone());
  }

  @Override
  public ChainFamily family() {
    return ChainFamily.STELLAR;
  }

  /** The 32-byte ed25519 public key, as the ledger's account keys hold it. */
  public byte[] publicKey() {
    return key();
  }
}
