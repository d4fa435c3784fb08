package org.walletstate.application.commerce.port.in;

import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.commerce.DirectoryQuery;
import org.walletstate.domain.commerce.Members;
import org.walletstate.domain.commerce.TokenConfig;
import org.walletstate.domain.request.Digits;

/** Reads the query of {@link MerchantQueries}' directory: {@code GET /v1/merchants}. */
public final class MerchantQueryCommands {

  private MerchantQueryCommands() {}

  /** The directory filters and page; each may be null (not sent). */
  public static DirectoryQuery directory(
      String token, String verified, String limit, String offset) {
    Optional<String> symbol = Optional.empty();
    if (token != null) {
      symbol = Optional.of(Members.bounded(token, "token", TokenConfig.SYMBOL_MAX));
    }
    Optional<Boolean> onlyVerified = Optional.empty();
    if (verified != null) {
      onlyVerified =
          switch (verified) {
            case "true" -> Optional.of(true);
            case "false" -> Optional.of(false);
            default ->
                throw new ValidationException(
                    "verified must be true or false, got \"" + Members.abbreviate(verified) + "\"");
          };
    }
    return new DirectoryQuery(
        symbol,
        onlyVerified,
        number(limit, "limit", 1, DirectoryQuery.MAX_LIMIT, DirectoryQuery.DEFAULT_LIMIT),
        number(offset, "offset", 0, DirectoryQuery.MAX_OFFSET, 0));
  }

  private static int number(String text, String field, int min, int max, int absent) {
    if (text == null) {
      return absent;
    }
    String expected = field + " must be an integer from " + min + " to " + max;
    if (!Digits.allAscii(text) || Digits.withoutLeadingZeros(text).length() > 7) {
      throw new ValidationException(expected + ", got \"" + Members.abbreviate(text) + "\"");
    }
    int value = Integer.parseInt(Digits.withoutLeadingZeros(text));
    if (value < min || value > max) {
      throw new ValidationException(expected + ", got " + value);
    }
    return value;
  }
}
