package org.walletstate.domain.commerce;

import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * {@code POST /v1/merchants/{id}/scanners}: {@code {"pin": "4821", "label": "Till 1"}} adds a
 * scanner; {@code {"action": "remove", "scannerId": "scn_…"}} removes one. {@code action} is {@code
 * add} when left out.
 */
public sealed interface ScannerChange {

  record Add(ScannerPin pin, Optional<String> label) implements ScannerChange {}

  record Remove(String scannerId) implements ScannerChange {}

  static ScannerChange parse(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    String action = fields.optionalText("action").orElse("add");
    for (String member : body.members().keySet()) {
      if (!member.equals("action")
          && !member.equals("pin")
          && !member.equals("label")
          && !member.equals("scannerId")) {
        throw new ValidationException(
            "unknown member "
                + Members.abbreviate(member)
                + "; expected action, pin, label or"
                + " scannerId");
      }
    }
    switch (action) {
      case "add" -> {
        if (fields.has("scannerId")) {
          throw new ValidationException("scannerId goes with action \"remove\"");
        }
        ScannerPin pin = ScannerPin.parse(fields.requiredText("pin"), "pin");
        return new Add(pin, Members.text(fields, "label", Scanner.LABEL_MAX));
      }
      case "remove" -> {
        if (fields.has("pin") || fields.has("label")) {
          throw new ValidationException("pin and label go with action \"add\"");
        }
        String id = fields.requiredText("scannerId");
        if (!Scanner.isId(id)) {
          throw new ValidationException("scannerId must be scn_ followed by 16 hex digits");
        }
        return new Remove(id);
      }
      default ->
          throw new ValidationException(
              "action must be \"add\" or \"remove\", not " + Members.abbreviate(action));
    }
  }
}
