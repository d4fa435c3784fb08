package org.walletstate.domain.account;

import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * A request for a free-tier key: one per email address, no payment.
 *
 * @param email the owner's address (normalised)
 * @param appName what the key is for
 */
public record FreeKeyRequest(EmailAddress email, AppName appName) {

  /** Reads {@code {email, appName, tier}}; tier may be omitted and must otherwise be free. */
  public static FreeKeyRequest parse(RequestValue.Obj body) {
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
