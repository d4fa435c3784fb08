package org.walletstate.application.account.port.in;

import java.util.Optional;
import java.util.function.Function;
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

  /**
   * A tier other than free asked for by email. An adapter that has endpoints says where a paid key
   * is bought after {@link #reason()}.
   *
   * @param tier the tier asked for, as sent (the reason abbreviates it past 40 characters)
   */
  public record PaidTier(String tier) {

    /** Why the tier is not created here. */
    public String reason() {
      return "tier \""
          + abbreviate(tier)
          + "\" cannot be created here: only \"free\" keys are issued by email";
    }
  }

  /**
   * Reads {@code {email, appName, tier}}; tier may be omitted and must otherwise be free.
   *
   * @param paidTier the 400's text for a paid tier ({@link PaidTier#reason()} and where to buy one)
   */
  public static FreeKeyRequest request(RequestValue.Obj body, Function<PaidTier, String> paidTier) {
    Fields fields = Fields.of(body, "");
    String email = fields.requiredText("email");
    String appName = fields.requiredText("appName");
    Optional<String> tier = fields.optionalText("tier");
    if (tier.isPresent() && !Plan.FREE.wireName().equals(tier.get())) {
      throw new ValidationException(paidTier.apply(new PaidTier(tier.get())));
    }
    return new FreeKeyRequest(EmailAddress.parse(email, "email"), AppName.parse(appName));
  }

  private static String abbreviate(String s) {
    return s.length() > 40 ? s.substring(0, 40) + "…" : s;
  }
}
