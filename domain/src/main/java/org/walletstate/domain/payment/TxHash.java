package org.walletstate.domain.payment;

import java.util.Locale;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.Base58;
import org.walletstate.domain.address.EncodingException;
import org.walletstate.domain.chain.ChainFamily;

/**
 * A transaction's identifier in its family's canonical text: EVM {@code 0x} and 64 hex digits, Tron
 * and Bitcoin 64 hex digits (both in lower case), Solana the base58 of a 64-byte signature (case
 * kept). The forms do not overlap, so one text identifies one transaction across families.
 */
public record TxHash(String text) {

  private static final int SOLANA_SIGNATURE_BYTES = 64;

  public TxHash {
    if (text == null
        || !(text.matches("0x[0-9a-f]{64}")
            || text.matches("[0-9a-f]{64}")
            || isSolanaSignature(text))) {
      throw new IllegalArgumentException("not a transaction hash: " + text);
    }
  }

  /**
   * Reads an EVM transaction hash sent by a caller.
   *
   * @throws ValidationException naming {@code field} when it is not {@code 0x} and 64 hex digits
   */
  public static TxHash parse(String text, String field) {
    return parse(text, field, ChainFamily.EVM);
  }

  /**
   * Reads the transaction of a chain of {@code family} sent by a caller.
   *
   * @throws ValidationException naming {@code field} when it is not that family's form
   */
  public static TxHash parse(String text, String field, ChainFamily family) {
    String t = text == null ? "" : text.strip();
    return switch (family) {
      case EVM -> {
        if (!t.matches("0[xX][0-9a-fA-F]{64}")) {
          throw refused(field, t, "a transaction hash (0x followed by 64 hex digits)");
        }
        yield new TxHash("0x" + t.substring(2).toLowerCase(Locale.ROOT));
      }
      case TRON, BITCOIN -> {
        if (!t.matches("[0-9a-fA-F]{64}")) {
          throw refused(
              field,
              t,
              "a " + family.name().toLowerCase(Locale.ROOT) + " transaction id (64 hex digits)");
        }
        yield new TxHash(t.toLowerCase(Locale.ROOT));
      }
      case SOLANA -> {
        if (!isSolanaSignature(t)) {
          throw refused(field, t, "a Solana transaction signature (base58 of 64 bytes)");
        }
        yield new TxHash(t);
      }
      default ->
          throw new ValidationException(
              field + ": payments on " + family.name().toLowerCase(Locale.ROOT) + " are not taken");
    };
  }

  private static boolean isSolanaSignature(String text) {
    if (text.length() < 64 || text.length() > 88) {
      return false;
    }
    try {
      return Base58.BITCOIN.decode(text).length == SOLANA_SIGNATURE_BYTES;
    } catch (EncodingException e) {
      return false;
    }
  }

  private static ValidationException refused(String field, String text, String expected) {
    return new ValidationException(
        field
            + " \""
            + (text.length() > 80 ? text.substring(0, 80) + "…" : text)
            + "\" is not "
            + expected);
  }

  @Override
  public String toString() {
    return text;
  }
}
