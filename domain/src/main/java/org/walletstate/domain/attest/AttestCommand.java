package org.walletstate.domain.attest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.attest.attestation.Attestation;
import org.walletstate.domain.attest.condition.BoundCondition;
import org.walletstate.domain.attest.condition.Condition;
import org.walletstate.domain.attest.condition.ConditionParser;
import org.walletstate.domain.attest.condition.Erc7710Delegation;
import org.walletstate.domain.attest.condition.RequestedCondition;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.holding.WalletMember;
import org.walletstate.domain.holding.Wallets;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * A validated {@code POST /v1/attest} request. One that exists satisfies every rule the request
 * alone can check; {@link #parse} is the only way from a request body to here.
 *
 * @param keyVersion the caller's key version (number handling, v1 condition shapes)
 * @param wallets the wallets the conditions are about
 * @param conditions 1 to 10, in request order
 * @param proof whether Merkle proofs were asked for
 * @param format the response format
 * @param declaredLimits whether delegation results carry declared limits
 * @param anchor which block of each chain the reads are pinned to ({@code latest} by default)
 * @param assurance how each chain is read, when the request asks ({@code "assurance"}): then every
 *     result signs its {@code readAssurance}; empty reads from one provider and signs nothing more
 */
public record AttestCommand(
    KeyVersion keyVersion,
    Wallets wallets,
    List<RequestedCondition> conditions,
    ProofMode proof,
    ResponseFormat format,
    DeclaredLimits declaredLimits,
    AnchorTag anchor,
    Optional<Assurance> assurance) {

  /** Conditions per request. */
  public static final int MAX_CONDITIONS = 10;

  public AttestCommand {
    Objects.requireNonNull(keyVersion, "keyVersion");
    Objects.requireNonNull(wallets, "wallets");
    conditions = List.copyOf(conditions);
    Objects.requireNonNull(proof, "proof");
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(declaredLimits, "declaredLimits");
    Objects.requireNonNull(anchor, "anchor");
    Objects.requireNonNull(assurance, "assurance");
    if (conditions.isEmpty() || conditions.size() > MAX_CONDITIONS) {
      throw new IllegalArgumentException("an attest request has 1 to 10 conditions");
    }
    for (int i = 0; i < conditions.size(); i++) {
      if (conditions.get(i).index() != i) {
        throw new IllegalArgumentException("conditions must be in request order");
      }
    }
  }

  /** A request without the assurance option: one provider per chain, no signed assurance. */
  public AttestCommand(
      KeyVersion keyVersion,
      Wallets wallets,
      List<RequestedCondition> conditions,
      ProofMode proof,
      ResponseFormat format,
      DeclaredLimits declaredLimits,
      AnchorTag anchor) {
    this(keyVersion, wallets, conditions, proof, format, declaredLimits, anchor, Optional.empty());
  }

  /** How the chains are read: the option's mode, or one provider when the option is absent. */
  public Assurance readMode() {
    return assurance.orElse(Assurance.SINGLE);
  }

  /**
   * How long the attestation of this request is valid after {@code attestedAt}: 5 minutes when a
   * condition is a delegation (revocation can follow quickly), 30 minutes otherwise.
   */
  public Duration attestationLifetime() {
    return conditions.stream().anyMatch(c -> c.condition() instanceof Erc7710Delegation)
        ? Attestation.DELEGATION_LIFETIME
        : Attestation.LIFETIME;
  }

  /**
   * Reads an attest request body. Members the interface does not define are ignored.
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
    Optional<Assurance> assurance = AssuranceOption.read(fields);
    List<RequestedCondition> conditions = conditions(fields, keyVersion);
    AttestCommand command =
        new AttestCommand(
            keyVersion, wallets, conditions, proof, format, declaredLimits, anchor, assurance);
    AttestRules.RULES.forEach(rule -> rule.check(command));
    return command;
  }

  /**
   * Each condition bound to the request's wallet of its chain's family, in request order. Every
   * such wallet is present: {@link #parse} refuses a request without one.
   */
  public List<BoundCondition<?>> boundConditions() {
    List<BoundCondition<?>> bound = new ArrayList<>(conditions.size());
    for (RequestedCondition requested : conditions) {
      Condition<?> condition = requested.condition();
      bound.add(
          BoundCondition.of(
              condition,
              wallets
                  .of(condition.chain().family())
                  .orElseThrow(
                      () -> new IllegalStateException("no wallet for " + requested.path()))));
    }
    return bound;
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
    if (count > MAX_CONDITIONS) {
      throw new ValidationException(
          "conditions must hold at most " + MAX_CONDITIONS + " conditions (got " + count + ")");
    }
    List<RequestedCondition> conditions = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      conditions.add(ConditionParser.parse(array.items().get(i), i, keyVersion));
    }
    return conditions;
  }
}
