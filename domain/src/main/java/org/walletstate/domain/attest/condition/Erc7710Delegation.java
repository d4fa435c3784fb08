package org.walletstate.domain.attest.condition;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.DeployedCode;
import org.walletstate.domain.evm.Secp256k1;
import org.walletstate.domain.evm.delegation.Caveat;
import org.walletstate.domain.evm.delegation.CaveatEnforcers;
import org.walletstate.domain.evm.delegation.DeclaredLimit;
import org.walletstate.domain.evm.delegation.Delegation;
import org.walletstate.domain.evm.delegation.DelegationManager;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.proof.ProofTarget;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * {@code erc7710_delegation}: a root delegation of the delegation framework on Base, held by the
 * wallet. Met iff, in this order (the first that fails is the {@code failReason}):
 *
 * <ol>
 *   <li>the wallet is the delegation's delegate ({@code delegate_mismatch});
 *   <li>the delegation's delegator is {@code expectedDelegator} ({@code principal_mismatch});
 *   <li>the signature verifies over the EIP-712 digest for the named manager, as the manager checks
 *       it: a delegator without code at the anchored block signs by ECDSA ({@code eoa}); one with
 *       code by ERC-1271 {@code isValidSignature} ({@code erc1271}) ({@code invalid_signature}). A
 *       delegator without code whose signature is not a 65-byte ECDSA signature is a smart account
 *       not deployed yet: {@code delegator_not_deployed}, and no signature is evaluated;
 *   <li>{@code disabledDelegations(hash)} is false at the anchored block ({@code revoked});
 *   <li>every caveat's enforcer is recognized ({@code unknown_caveat_enforcer});
 *   <li>every timestamp caveat allows the anchored block's timestamp ({@code outside_time_window}).
 * </ol>
 *
 * <p>The other recognized caveats are decoded into {@code declaredLimits}, outside the verdict and
 * outside the condition hash, present once the signature and revocation checks have passed.
 *
 * @param chain Base (8453)
 * @param manager the recognized manager the delegation is signed for
 * @param expectedDelegator the principal the caller requires
 * @param delegation the delegation as declared
 */
public record Erc7710Delegation(
    Chain chain, DelegationManager manager, EvmAddress expectedDelegator, Delegation delegation)
    implements EvmCondition {

  public static final ConditionType TYPE =
      new ConditionType("erc7710_delegation", Erc7710Delegation.class, Erc7710Delegation::parse);

  /** The only chain of the type. */
  public static final ChainId DELEGATION_CHAIN = ChainId.evm(DelegationManager.CHAIN);

  /** At most this many delegation conditions in one request. */
  public static final int MAX_PER_REQUEST = 3;

  /** At most this many caveats in one delegation. */
  public static final int MAX_CAVEATS = 16;

  private static final Pattern HEX_BYTES = Pattern.compile("0x(?:[0-9a-fA-F]{2})*");
  private static final Pattern HEX_SALT = Pattern.compile("0x[0-9a-fA-F]{1,64}");
  private static final Pattern DECIMAL_SALT = Pattern.compile("0|[1-9][0-9]{0,77}");

  public Erc7710Delegation {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(manager, "manager");
    Objects.requireNonNull(expectedDelegator, "expectedDelegator");
    Objects.requireNonNull(delegation, "delegation");
    if (!chain.id().equals(DELEGATION_CHAIN)) {
      throw new IllegalArgumentException("delegations are read on chain 8453");
    }
    if (!delegation.isRoot()) {
      throw new IllegalArgumentException("only root delegations are evaluated");
    }
    if (delegation.caveats().size() > MAX_CAVEATS) {
      throw new IllegalArgumentException("at most " + MAX_CAVEATS + " caveats");
    }
    delegation.caveats().forEach(CaveatEnforcers::decode);
  }

  @Override
  public ConditionType type() {
    return TYPE;
  }

  /** The delegation's EIP-712 struct hash, the key of {@code disabledDelegations}. */
  public Bytes32 delegationHash() {
    return delegation.hash();
  }

  private EvmRead.AccountCode delegatorCode() {
    return new EvmRead.AccountCode(delegation.delegator());
  }

  private EvmRead.DelegationDisabled disabled() {
    return new EvmRead.DelegationDisabled(manager.address(), delegationHash());
  }

  private EvmRead.Erc1271Signature contractSignature() {
    return new EvmRead.Erc1271Signature(
        delegation.delegator(),
        delegation.digest(DelegationManager.CHAIN, manager.address()),
        delegation.signature());
  }

  @Override
  public Set<EvmRead<?>> reads(EvmAddress wallet) {
    return Set.of(delegatorCode(), disabled());
  }

  /** A delegator with code is asked whether it accepts the signature, at the same block. */
  @Override
  public Set<EvmRead<?>> followUpReads(EvmAddress wallet, Readings firstRound) {
    if (firstRound.reading(delegatorCode()) instanceof Reading.Value<DeployedCode> code
        && !code.value().code().isEmpty()) {
      return Set.of(contractSignature());
    }
    return Set.of();
  }

  /**
   * Revocation is proven by the storage slot of {@code disabledDelegations[hash]}, for the manager
   * whose storage layout is verified; the others decline.
   */
  @Override
  public ProofRequirement proof(EvmAddress wallet) {
    if (!manager.layoutVerified()) {
      return new ProofRequirement.Declined(
          "revocation proofs are produced only for DelegationManager 1.3.0, whose storage layout"
              + " is verified; this delegation names version "
              + manager.version());
    }
    return new ProofRequirement.Wanted(
        new ProofTarget.DelegationRevocation(
            manager.address(),
            delegationHash(),
            manager.disabledDelegationsSlot(),
            manager.disabledSlot(delegationHash())));
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<EvmAddress> context) {
    PayloadValue.Obj evaluated = evaluatedCondition(context.wallet());
    PayloadValue.ObjBuilder extras = PayloadValue.objectBuilder();
    if (!delegation.delegate().equals(context.wallet())) {
      return failed(evaluated, extras, "delegate_mismatch");
    }
    if (!delegation.delegator().equals(expectedDelegator)) {
      return failed(evaluated, extras, "principal_mismatch");
    }
    Reading<DeployedCode> code = context.readings().reading(delegatorCode());
    if (!(code instanceof Reading.Value<DeployedCode> deployed)) {
      return new ConditionVerdict.Unavailable(
          FailureSource.SIGNATURE_CHECK, "delegator account could not be read");
    }
    if (deployed.value().code().isEmpty()) {
      if (delegation.signature().length() != 65) {
        return failed(evaluated, extras, "delegator_not_deployed");
      }
      extras.put("signatureType", "eoa");
      Optional<EvmAddress> signer =
          Secp256k1.recover(
              delegation.digest(DelegationManager.CHAIN, manager.address()),
              delegation.signature());
      if (!signer.equals(Optional.of(delegation.delegator()))) {
        return failed(evaluated, extras, "invalid_signature");
      }
    } else {
      extras.put("signatureType", "erc1271");
      Reading<Boolean> accepted = context.readings().reading(contractSignature());
      if (accepted instanceof Reading.Unreadable) {
        return new ConditionVerdict.Unavailable(
            FailureSource.SIGNATURE_CHECK, "delegator signature check could not be completed");
      }
      if (!(accepted instanceof Reading.Value<Boolean> value && value.value())) {
        return failed(evaluated, extras, "invalid_signature");
      }
    }
    Reading<Boolean> revoked = context.readings().reading(disabled());
    if (!(revoked instanceof Reading.Value<Boolean> flag)) {
      return new ConditionVerdict.Unavailable(
          FailureSource.DELEGATION_READ, "delegation revocation state could not be read");
    }
    if (flag.value()) {
      return failed(evaluated, extras, "revoked");
    }
    List<DeclaredLimit> limits = new ArrayList<>();
    List<PayloadValue> unrecognized = new ArrayList<>();
    for (Caveat caveat : delegation.caveats()) {
      Optional<DeclaredLimit> limit = CaveatEnforcers.decode(caveat);
      if (limit.isPresent()) {
        limits.add(limit.get());
      } else {
        unrecognized.add(PayloadValue.text(caveat.enforcer().checksummed()));
      }
    }
    BigInteger timestamp = BigInteger.valueOf(context.evmBlock().timestamp().getEpochSecond());
    String failReason = null;
    if (!unrecognized.isEmpty()) {
      failReason = "unknown_caveat_enforcer";
      extras.put("unrecognizedEnforcers", PayloadValue.array(unrecognized));
    } else if (limits.stream()
        .anyMatch(l -> l instanceof DeclaredLimit.Timestamp t && !t.allows(timestamp))) {
      failReason = "outside_time_window";
    }
    if (failReason != null) {
      extras.put("failReason", failReason);
    }
    extras.put(DECLARED_LIMITS, declaredLimits(limits));
    return new ConditionVerdict.Decided(failReason == null, evaluated, extras.build());
  }

  /** The extras member holding the decoded caveats. */
  public static final String DECLARED_LIMITS = "declaredLimits";

  private static ConditionVerdict failed(
      PayloadValue.Obj evaluated, PayloadValue.ObjBuilder extras, String failReason) {
    return new ConditionVerdict.Decided(
        false, evaluated, extras.put("failReason", failReason).build());
  }

  /**
   * Each recognized caveat as {@code {kind, enforcer, terms, …}}; numbers as decimal strings in
   * base units (seconds for timestamps).
   */
  static PayloadValue.Arr declaredLimits(List<DeclaredLimit> limits) {
    List<PayloadValue> entries = new ArrayList<>();
    for (DeclaredLimit limit : limits) {
      PayloadValue.ObjBuilder entry =
          PayloadValue.objectBuilder()
              .put("kind", limit.kind())
              .put("enforcer", limit.enforcer().checksummed())
              .put("terms", limit.terms().toHex());
      if (limit instanceof DeclaredLimit.Timestamp t) {
        entry
            .put("timestampAfter", t.after().toString())
            .put("timestampBefore", t.before().toString());
      } else if (limit instanceof DeclaredLimit.Erc20TransferAmount e) {
        entry.put("token", e.token().checksummed()).put("maxAmount", e.maxAmount().toString());
      } else if (limit instanceof DeclaredLimit.NativeTransferAmount n) {
        entry.put("maxAmount", n.maxAmount().toString());
      } else if (limit instanceof DeclaredLimit.AllowedTargets a) {
        List<PayloadValue> targets = new ArrayList<>();
        a.targets().forEach(t -> targets.add(PayloadValue.text(t.checksummed())));
        entry.put("targets", PayloadValue.array(targets));
      } else if (limit instanceof DeclaredLimit.LimitedCalls l) {
        entry.put("maxCalls", l.maxCalls().toString());
      }
      entries.add(entry.build());
    }
    return PayloadValue.array(entries);
  }

  /**
   * {@code {type, chainId: 8453, contractAddress: <manager>, operator: "root_delegation",
   * delegationHash, delegator, delegate}}: the delegator is the expected one and the delegate the
   * attested wallet (both lower case), so the signed condition names who delegated to whom.
   */
  PayloadValue.Obj evaluatedCondition(EvmAddress wallet) {
    return EvaluatedConditions.begin(type(), chain)
        .put("contractAddress", manager.address().checksummed())
        .put("operator", "root_delegation")
        .put("delegationHash", delegationHash().hex())
        .put("delegator", expectedDelegator.lowercase())
        .put("delegate", wallet.lowercase())
        .build();
  }

  // ---- parsing

  static Erc7710Delegation parse(Fields fields, KeyVersion key) {
    Chain chain = ConditionMembers.evmChain(fields, TYPE);
    if (!chain.id().equals(DELEGATION_CHAIN)) {
      throw new ValidationException(
          fields.path("chainId")
              + " "
              + chain.id()
              + " is not supported for erc7710_delegation; it is read on chain 8453 only");
    }
    EvmAddress managerAddress =
        EvmAddress.parse(
            fields.requiredText("delegationManager"), fields.path("delegationManager"));
    DelegationManager manager =
        DelegationManager.at(managerAddress)
            .orElseThrow(
                () ->
                    new ValidationException(
                        fields.path("delegationManager")
                            + " "
                            + managerAddress.checksummed()
                            + " is not a recognized DelegationManager on chain 8453 (versions"
                            + " 1.0.0, 1.1.0, 1.3.0)"));
    EvmAddress expectedDelegator =
        EvmAddress.parse(
            fields.requiredText("expectedDelegator"), fields.path("expectedDelegator"));
    Fields delegation = object(fields, "delegation");
    EvmAddress delegator =
        EvmAddress.parse(delegation.requiredText("delegator"), delegation.path("delegator"));
    EvmAddress delegate =
        EvmAddress.parse(delegation.requiredText("delegate"), delegation.path("delegate"));
    Bytes32 authority =
        Bytes32.parse(delegation.requiredText("authority"), delegation.path("authority"));
    if (!authority.equals(Delegation.ROOT_AUTHORITY)) {
      throw new ValidationException(
          delegation.path("authority")
              + " must be the root authority 0x"
              + "f".repeat(64)
              + ": delegation chains are not supported");
    }
    List<Caveat> caveats = caveats(delegation);
    BigInteger salt = salt(delegation);
    Bytes signature = hex(delegation, "signature");
    if (signature.isEmpty()) {
      throw new ValidationException(delegation.path("signature") + " must not be empty");
    }
    return new Erc7710Delegation(
        ChainCatalogue.require(DELEGATION_CHAIN),
        manager,
        expectedDelegator,
        new Delegation(delegate, delegator, authority, caveats, salt, signature));
  }

  private static Fields object(Fields fields, String member) {
    RequestValue value = fields.get(member);
    if (value.isMissing()) {
      throw new ValidationException(fields.path(member) + " is required");
    }
    if (!(value instanceof RequestValue.Obj object)) {
      throw new ValidationException(
          fields.path(member) + " must be an object, not " + value.kind());
    }
    return Fields.of(object, fields.path(member));
  }

  private static List<Caveat> caveats(Fields delegation) {
    RequestValue value = delegation.get("caveats");
    if (value.isMissing()) {
      throw new ValidationException(delegation.path("caveats") + " is required");
    }
    if (!(value instanceof RequestValue.Arr array)) {
      throw new ValidationException(
          delegation.path("caveats") + " must be an array, not " + value.kind());
    }
    if (array.items().size() > MAX_CAVEATS) {
      throw new ValidationException(
          delegation.path("caveats")
              + " has "
              + array.items().size()
              + " caveats; at most "
              + MAX_CAVEATS
              + " are allowed");
    }
    List<Caveat> caveats = new ArrayList<>();
    for (int i = 0; i < array.items().size(); i++) {
      String path = delegation.path("caveats") + "[" + i + "]";
      if (!(array.items().get(i) instanceof RequestValue.Obj object)) {
        throw new ValidationException(
            path + " must be an object, not " + array.items().get(i).kind());
      }
      Fields caveat = Fields.of(object, path);
      EvmAddress enforcer =
          EvmAddress.parse(caveat.requiredText("enforcer"), caveat.path("enforcer"));
      Bytes terms = hex(caveat, "terms");
      if (caveat.has("args")) {
        hex(caveat, "args");
      }
      Caveat parsed = new Caveat(enforcer, terms);
      try {
        CaveatEnforcers.decode(parsed);
      } catch (IllegalArgumentException e) {
        throw new ValidationException(caveat.path("terms") + ": " + e.getMessage());
      }
      caveats.add(parsed);
    }
    return caveats;
  }

  private static BigInteger salt(Fields delegation) {
    String text = delegation.requiredText("salt");
    if (HEX_SALT.matcher(text).matches()) {
      return new BigInteger(text.substring(2), 16);
    }
    if (DECIMAL_SALT.matcher(text).matches()) {
      BigInteger value = new BigInteger(text);
      if (value.bitLength() <= 256) {
        return value;
      }
    }
    throw new ValidationException(
        delegation.path("salt")
            + " must be a uint256 as 0x-prefixed hex (at most 64 digits) or a decimal string");
  }

  private static Bytes hex(Fields fields, String member) {
    String text = fields.requiredText(member);
    if (!HEX_BYTES.matcher(text).matches()) {
      throw new ValidationException(
          fields.path(member) + " must be bytes as 0x followed by an even number of hex digits");
    }
    return Bytes.fromHex(text);
  }
}
