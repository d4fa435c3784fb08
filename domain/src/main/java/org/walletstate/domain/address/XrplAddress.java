package org.walletstate.domain.address;

import java.util.Arrays;
import java.util.HexFormat;
import org.walletstate.domain.chain.ChainFamily;

/**
 * A classic XRP Ledger address ({@code r...}): Base58Check in the Ripple alphabet of the version
 * byte 0x00 and a 20-byte AccountID, 25 to 35 characters. Used for wallets and for token and NFT
 * issuers. The checksum is verified, so a typo is refused rather than read as another account.
 *
 * <p>X-addresses (an account with a destination tag, {@code X...}) are refused: the ledger API
 * takes classic addresses only. Text starting with {@code s} is an account secret (a family seed),
 * never an address; it is refused without being repeated.
 */
public final class XrplAddress extends EncodedKey implements WalletAddress {

  private static final int ACCOUNT_ID_LENGTH = 20;
  private static final int MIN_TEXT = 25;
  private static final int MAX_TEXT = 35;
  private static final String EXPECTED =
      "an XRP Ledger classic address (r followed by base58, checksum verified)";

  private XrplAddress(String text, byte[] accountId) {
    super(text, accountId);
  }

  /**
   * Parses an address.
   *
   * @param field the field name used in the message on failure
   */
  public static XrplAddress parse(String text, String field) {
    if (text != null && text.startsWith("s")) {
      throw Refusal.withoutValue(
          field, EXPECTED, "the value looks like an account secret and is not shown");
    }
    if (text != null && text.startsWith("X") && text.length() <= 47) {
      throw Refusal.of(
          field, EXPECTED, text, 47, "X-addresses are not accepted; send the classic r-address");
    }
    if (text == null
        || text.length() < MIN_TEXT
        || text.length() > MAX_TEXT
        || text.charAt(0) != 'r') {
      throw Refusal.of(field, EXPECTED, text, MAX_TEXT, null);
    }
    byte[] payload = Refusal.decoded(Base58.RIPPLE::decodeChecked, field, EXPECTED, text, MAX_TEXT);
    if (payload.length != 1 + ACCOUNT_ID_LENGTH || payload[0] != 0) {
      throw Refusal.of(field, EXPECTED, text, MAX_TEXT, "it does not encode an account");
    }
    return new XrplAddress(text, Arrays.copyOfRange(payload, 1, payload.length));
  }

  /** An address known to be well formed (constants, values read from a ledger). */
  public static XrplAddress of(String text) {
    return parse(text, "address");
  }

  public static XrplAddress ofAccountId(byte[] accountId) {
    if (accountId.length != ACCOUNT_ID_LENGTH) {
      throw new IllegalArgumentException("an XRP Ledger AccountID has 20 bytes");
    }
    byte[] payload = new byte[1 + ACCOUNT_ID_LENGTH];
    System.arraycopy(accountId, 0, payload, 1, ACCOUNT_ID_LENGTH);
    return new XrplAddress(Base58.RIPPLE.encodeChecked(payload), accountId.clone());
  }

  @Override
  public ChainFamily family() {
    return ChainFamily.XRPL;
  }

  /** The 20-byte AccountID. */
  public byte[] accountId() {
    return key();
  }

  /** The AccountID as 40 upper-case hex digits, as the ledger's binary fields show it. */
  public String accountIdHex() {
    return HexFormat.of().withUpperCase().formatHex(key());
  }
}
