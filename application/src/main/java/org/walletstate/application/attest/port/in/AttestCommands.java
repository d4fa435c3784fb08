package org.walletstate.application.attest.port.in;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.walletstate.application.attest.port.in.condition.ConditionParser;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.attest.AttestRequest;
import org.walletstate.domain.attest.DeclaredLimits;
import org.walletstate.domain.attest.ProofMode;
import org.walletstate.domain.attest.ResponseFormat;
import org.walletstate.domain.attest.condition.RequestedCondition;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.holding.WalletMember;
import org.walletstate.domain.holding.Wallets;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * The reader of the attest body, shared by HTTP ({@code POST /v1/attest}), the {@code /mcp} attest
 * tool and the watches (which keep an attest body): request tree to {@link AttestCommand}, every
 * 400 text. Members the interface does not define are ignored.
 */
public final class AttestCommands {

  private AttestCommands() {}

  /**
   * Reads an attest request body.
   *
   * @param body the JSON body as sent
   * @param keyVersion the version of the caller's key
   * @throws ValidationException with the 400 message for the first rule the body breaks
   */
  public static AttestCommand parse(RequestValue.Obj body, KeyVersion keyVersion) {
    Fields fields = Fields.of(body, "");
    Wallets wallets = wallets(fields);
    ProofMode proof =
        choice(fields, "proof", ProofMode.NONE, "merkle", ProofMode.MERKLE, "\"merkle\"");
    ResponseFormat format =
        choice(fields, "format", ResponseFormat.STANDARD, "jwt", ResponseFormat.JWT, "\"jwt\"");
    DeclaredLimits declaredLimits = declaredLimits(fields);
    AnchorTag anchor = anchor(fields);
    Optional<Assurance> assurance = assurance(fields);
    List<RequestedCondition> conditions = conditions(fields, keyVersion);
    return new AttestCommand(
        new AttestRequest(
            keyVersion, wallets, conditions, proof, declaredLimits, anchor, assurance),
        format);
  }

  private static Wallets wallets(Fields fields) {
    List<WalletAddress> wallets = new ArrayList<>();
    for (WalletMember member : WalletMember.ALL) {
      member.read(fields).ifPresent(wallets::add);
    }
    if (wallets.isEmpty()) {
      throw new ValidationException(
          "wallet is required unless another wallet field ("
              + WalletMember.ALL.stream()
                  .skip(1)
                  .map(WalletMember::name)
                  .collect(Collectors.joining(", "))
              + ") is given");
    }
    return Wallets.of(wallets);
  }

  private static <T> T choice(
      Fields fields, String member, T absent, String word, T chosen, String allowed) {
    Optional<String> value = fields.optionalText(member);
    if (value.isEmpty()) {
      return absent;
    }
    if (!value.get().equals(word)) {
      throw new ValidationException(
          member
              + " \""
              + value.get()
              + "\" is not supported; send "
              + allowed
              + " or leave it out");
    }
    return chosen;
  }

  private static AnchorTag anchor(Fields fields) {
    Optional<String> value = fields.optionalText("anchor");
    if (value.isEmpty()) {
      return AnchorTag.LATEST;
    }
    return AnchorTag.fromWire(value.get())
        .orElseThrow(
            () ->
                new ValidationException(
                    "anchor \""
                        + value.get()
                        + "\" is not supported; send \"latest\", \"safe\" or \"finalized\","
                        + " or leave it out"));
  }

  /** The option {@code "assurance"} as sent, when it is. */
  private static Optional<Assurance> assurance(Fields fields) {
    return Assurance.option(fields.optionalText("assurance"));
  }

  private static DeclaredLimits declaredLimits(Fields fields) {
    Optional<String> value = fields.optionalText("declaredLimits");
    if (value.isEmpty() || value.get().equals("include")) {
      return DeclaredLimits.INCLUDE;
    }
    if (value.get().equals("omit")) {
      return DeclaredLimits.OMIT;
    }
    throw new ValidationException(
        "declaredLimits \"" + value.get() + "\" is not supported; send \"include\" or \"omit\"");
  }

  private static List<RequestedCondition> conditions(Fields fields, KeyVersion keyVersion) {
    RequestValue raw = fields.get("conditions");
    if (raw.isMissing()) {
      throw new ValidationException("conditions is required");
    }
    if (!(raw instanceof RequestValue.Arr array)) {
      throw new ValidationException("conditions must be an array, not " + raw.kind());
    }
    int count = array.items().size();
    if (count == 0) {
      throw new ValidationException("conditions must hold at least 1 condition");
    }
    if (count > AttestRequest.MAX_CONDITIONS) {
      throw new ValidationException(
          "conditions must hold at most "
              + AttestRequest.MAX_CONDITIONS
              + " conditions (got "
              + count
              + ")");
    }
    List<RequestedCondition> conditions = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      conditions.add(ConditionParser.parse(array.items().get(i), i, keyVersion));
    }
    return conditions;
  }
}
