package org.walletstate.application.account.port.in;

import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.account.AppName;
import org.walletstate.domain.account.EmailAddress;
import org.walletstate.domain.account.FreeKeyRequest;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/** Reads the body of {@link CreateFreeKeyUseCase}: {@code POST /v1/keys/create}. */
public final class CreateFreeKeyCommands {

  private CreateFreeKeyCommands() {}

  /** Reads {@code {email, appName, tier}}; tier may be omitted and must otherwise be free. */
  public static FreeKeyRequest request(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    String email = fields.requiredText("email");
    String appName = fields.requiredText("appName");
    Optional<String> tier = fields.optionalText("tier");
    if (tier.isPresent() && !Plan.FREE.wireName().equals(tier.get())) {
      throw new ValidationException(
          "tier \""
              + abbreviate(tier.get())
              + "\" cannot be created here: only \"free\" keys are issued by email; paid keys"
              + " come from POST /v1/keys/buy");
    }
    return new FreeKeyRequest(EmailAddress.parse(email, "email"), AppName.parse(appName));
  }

  private static String abbreviate(String s) {
    return s.length() > 40 ? s.substring(0, 40) + "…" : s;
  }
}
