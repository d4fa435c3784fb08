package org.walletstate.application.commerce.port.in;

import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.PassScan;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/** Reads the body of {@link VerifyPassUseCase}: {@code POST /v1/pass/verify}. */
public final class VerifyPassCommands {

  private VerifyPassCommands() {}

  public static PassScan passScan(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    BodyMembers.onlyMembers(body, "code and merchantId", "code", "merchantId");
    String code = fields.requiredText("code").strip();
    if (code.isEmpty()) {
      throw new ValidationException("code must be the text of the customer's pass QR code");
    }
    if (code.length() > PassScan.CODE_MAX) {
      throw new ValidationException("code must be at most " + PassScan.CODE_MAX + " characters");
    }
    Optional<CompanyId> merchant = fields.optionalText("merchantId").map(CompanyId::parse);
    return new PassScan(code, merchant);
  }
}
