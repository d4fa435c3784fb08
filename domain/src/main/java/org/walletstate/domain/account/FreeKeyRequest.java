package org.walletstate.domain.account;

import org.walletstate.domain.ValidationException;
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
    String email = requiredText(body, "email");
    String appName = requiredText(body, "appName");
    RequestValue tier = body.get("tier");
    if (!tier.isMissing()) {
      if (!(tier instanceof RequestValue.Text t)) {
        throw new ValidationException("tier must be a string, not " + tier.kind());
      }
      if (!Plan.FREE.wireName().equals(t.value())) {
        throw new ValidationException(
            "tier \""
                + abbreviate(t.value())
                + "\" cannot be created here: only \"free\" keys are issued by email; paid keys"
                + " come from POST /v1/keys/buy");
      }
    }
    return new FreeKeyRequest(EmailAddress.parse(email, "email"), AppName.parse(appName));
  }

  private static String requiredText(RequestValue.Obj body, String name) {
    RequestValue v = body.get(name);
    if (v.isMissing()) {
      throw new ValidationException(name + " is required");
    }
    if (!(v instanceof RequestValue.Text t)) {
      throw new ValidationException(name + " must be a string, not " + v.kind());
    }
    return t.value();
  }

  private static String abbreviate(String s) {
    return s.length() > 40 ? s.substring(0, 40) + "…" : s;
  }
}
