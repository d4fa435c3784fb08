package org.walletstate.domain.attest.condition;

import org.walletstate.domain.ValidationException;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * Reads one condition object of an attest request into a {@link RequestedCondition}: the type names
 * its descriptor, whose parser applies every rule the request alone can check. A type of the
 * interface without a descriptor in {@link ConditionTypes#EVALUATED} is refused as not yet
 * supported. Members a type does not use are ignored.
 */
public final class ConditionParser {

  private ConditionParser() {}

  /**
   * Reads {@code conditions[index]}.
   *
   * @throws ValidationException naming the member and the rule it breaks
   */
  public static RequestedCondition parse(RequestValue raw, int index, KeyVersion key) {
    String path = "conditions[" + index + "]";
    if (!(raw instanceof RequestValue.Obj object)) {
      throw new ValidationException(path + " must be an object, not " + raw.kind());
    }
    Fields fields = Fields.of(object, path);
    Condition<?> condition = type(fields).parser().parse(fields, key);
    return new RequestedCondition(index, label(fields), condition);
  }

  private static ConditionType type(Fields fields) {
    String name = fields.requiredText("type");
    if (!ConditionTypes.defined(name)) {
      throw new ValidationException(
          fields.path("type")
              + " \""
              + name
              + "\" is not a condition type; use one of "
              + String.join(", ", ConditionTypes.INTERFACE));
    }
    return ConditionTypes.evaluated(name)
        .orElseThrow(
            () ->
                new ValidationException(
                    fields.path("type") + " " + name + " is not yet supported"));
  }

  private static String label(Fields fields) {
    String label = fields.optionalText("label").orElse("");
    int length = label.codePointCount(0, label.length());
    if (length > RequestedCondition.MAX_LABEL_LENGTH) {
      throw new ValidationException(
          fields.path("label")
              + " must be at most "
              + RequestedCondition.MAX_LABEL_LENGTH
              + " characters long (got "
              + length
              + ")");
    }
    if (label
        .codePoints()
        .anyMatch(c -> c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE)) {
      throw new ValidationException(fields.path("label") + " must be valid Unicode text");
    }
    return label;
  }
}
