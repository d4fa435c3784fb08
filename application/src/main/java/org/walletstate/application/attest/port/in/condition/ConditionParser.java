package org.walletstate.application.attest.port.in.condition;

import java.util.Set;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.attest.condition.Condition;
import org.walletstate.domain.attest.condition.ConditionType;
import org.walletstate.domain.attest.condition.ConditionTypes;
import org.walletstate.domain.attest.condition.RequestedCondition;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * Reads one condition object of an attest request into a {@link RequestedCondition}: the type names
 * its descriptor, whose reader ({@link ConditionReaders}) applies every rule the request alone can
 * check. A type of the interface without a descriptor in {@link ConditionTypes#EVALUATED} is
 * refused as not yet supported. A member outside the interface's condition members ({@link
 * #MEMBERS}) is refused, so that a misspelt member never silently drops the rule it names; a member
 * of the interface that a type does not use ({@code threshold} on {@code nft_ownership}) is
 * ignored.
 */
public final class ConditionParser {

  /** The members of a condition object, as the interface lists them. */
  public static final Set<String> MEMBERS =
      Set.of(
          "type",
          "chainId",
          "contractAddress",
          "threshold",
          "decimals",
          "multiple",
          "amount",
          "minFraction",
          "selector",
          "currency",
          "taxon",
          "assetCode",
          "template",
          "schemaId",
          "attester",
          "indexer",
          "agentId",
          "delegationManager",
          "expectedDelegator",
          "delegation",
          "expect",
          "delegate",
          "label");

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
    ConditionType type = type(fields);
    knownMembersOnly(object, fields);
    Condition<?> condition = reader(type).read(fields, key);
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

  private static ConditionReader reader(ConditionType type) {
    return ConditionReaders.of(type)
        .orElseThrow(() -> new IllegalStateException("no reader for " + type.wireName()));
  }

  private static void knownMembersOnly(RequestValue.Obj object, Fields fields) {
    for (String member : object.members().keySet()) {
      if (!MEMBERS.contains(member)) {
        throw new ValidationException(
            fields.path(member)
                + " is not a condition member (an unknown member is refused so that a misspelt"
                + " one never drops the rule it names)");
      }
    }
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
