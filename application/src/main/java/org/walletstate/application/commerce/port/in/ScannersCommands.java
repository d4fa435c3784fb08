package org.walletstate.application.commerce.port.in;

import org.walletstate.domain.ValidationException;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.Members;
import org.walletstate.domain.commerce.Scanner;
import org.walletstate.domain.commerce.ScannerChange;
import org.walletstate.domain.commerce.ScannerLogin;
import org.walletstate.domain.commerce.ScannerPin;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * Reads the bodies of {@link ScannersUseCase}: {@code POST /v1/scanner/session} and {@code POST
 * /v1/merchants/{id}/scanners}.
 */
public final class ScannersCommands {

  private ScannersCommands() {}

  public static ScannerLogin login(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    BodyMembers.onlyMembers(body, "merchantId and pin", "merchantId", "pin");
    CompanyId merchant = CompanyId.parse(fields.requiredText("merchantId"));
    return new ScannerLogin(merchant, ScannerPin.parse(fields.requiredText("pin"), "pin"));
  }

  public static ScannerChange change(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    String action = fields.optionalText("action").orElse("add");
    BodyMembers.onlyMembers(
        body, "action, pin, label or scannerId", "action", "pin", "label", "scannerId");
    switch (action) {
      case "add" -> {
        if (fields.has("scannerId")) {
          throw new ValidationException("scannerId goes with action \"remove\"");
        }
        ScannerPin pin = ScannerPin.parse(fields.requiredText("pin"), "pin");
        return new ScannerChange.Add(pin, BodyMembers.text(fields, "label", Scanner.LABEL_MAX));
      }
      case "remove" -> {
        if (fields.has("pin") || fields.has("label")) {
          throw new ValidationException("pin and label go with action \"add\"");
        }
        String id = fields.requiredText("scannerId");
        if (!Scanner.isId(id)) {
          throw new ValidationException("scannerId must be scn_ followed by 16 hex digits");
        }
        return new ScannerChange.Remove(id);
      }
      default ->
          throw new ValidationException(
              "action must be \"add\" or \"remove\", not " + Members.abbreviate(action));
    }
  }
}
