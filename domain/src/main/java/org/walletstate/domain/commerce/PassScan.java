package org.walletstate.domain.commerce;

import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * {@code POST /v1/pass/verify}: the text of the customer's QR code ({@code code}) and, with the
 * owner key, the merchant it is scanned for ({@code merchantId}; a scanner session names its own).
 */
public record PassScan(String code, Optional<CompanyId> merchant) {

  /** The longest code accepted; a code is under 300 characters. */
  public static final int CODE_MAX = 1024;

  public static PassScan parse(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    for (String member : body.members().keySet()) {
      if (!member.equals("code") && !member.equals("merchantId")) {
        throw new ValidationException(
            "unknown member " + Members.abbreviate(member) + "; expected code and merchantId");
      }
    }
    String code = fields.requiredText("code").strip();
    if (code.isEmpty()) {
      throw new ValidationException("code must be the text of the customer's pass QR code");
    }
    if (code.length() > CODE_MAX) {
      throw new ValidationException("code must be at most " + CODE_MAX + " characters");
    }
    Optional<CompanyId> merchant = fields.optionalText("merchantId").map(CompanyId::parse);
    return new PassScan(code, merchant);
  }
}
