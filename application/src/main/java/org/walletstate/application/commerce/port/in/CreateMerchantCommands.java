package org.walletstate.application.commerce.port.in;

import java.util.Optional;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.NewMerchant;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/** Reads the body of {@link CreateMerchantUseCase}: {@code POST /v1/merchants}. */
public final class CreateMerchantCommands {

  private CreateMerchantCommands() {}

  public static NewMerchant newMerchant(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    String name = BodyMembers.requiredText(fields, "companyName", NewMerchant.NAME_MAX);
    CompanyId id = CompanyId.parse(fields.requiredText("companyId"));
    Optional<String> location = BodyMembers.text(fields, "location", NewMerchant.LOCATION_MAX);
    boolean allowDuplicate = BodyMembers.bool(fields, "allowDuplicateName", false);
    Optional<String> externalId =
        BodyMembers.text(fields, "externalId", NewMerchant.EXTERNAL_ID_MAX);
    return new NewMerchant(id, name, location, allowDuplicate, externalId);
  }
}
