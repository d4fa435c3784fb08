package org.walletstate.domain.attest.condition;

import java.math.BigInteger;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.DeployedCode;
import org.walletstate.domain.evm.Secp256k1;
import org.walletstate.domain.evm.delegation.CaveatEnforcers;
import org.walletstate.domain.evm.delegation.DeclaredLimit;
import org.walletstate.domain.evm.delegation.Delegation;
import org.walletstate.domain.evm.delegation.DelegationManager;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.proof.ProofTarget;

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
      new ConditionType("erc7710_delegation", Erc7710Delegation.class);

  /** The only chain of the type. */
  public static final ChainId DELEGATION_CHAIN = ChainId.evm(DelegationManager.CHAIN);

  /** At most this many delegation conditions in one request. */
  public static final int MAX_PER_REQUEST = 3;

  /** At most this many caveats in one delegation. */
  public static final int MAX_CAVEATS = 16;

  // Null checks written out by design: a record validates its own components on construction.
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
    Optional<ConditionVerdict> unsigned = signatureFailure(context.readings(), evaluated, extras);
    if (unsigned.isPresent()) {
      return unsigned.get();
    }
    Reading<Boolean> revoked = context.readings().reading(disabled());
    if (!(revoked instanceof Reading.Value<Boolean> flag)) {
      return new ConditionVerdict.Unavailable(
          FailureSource.DELEGATION_READ, "delegation revocation state could not be read");
    }
    if (flag.value()) {
      return failed(evaluated, extras, "revoked");
    }
    return caveatVerdict(context, evaluated, extras);
  }

  /**
   * The verdict when the delegator's signature does not hold or cannot be checked: ECDSA for a
   * delegator without code, ERC-1271 at the anchored block for one with code. Empty when it holds;
   * {@code signatureType} is put in {@code extras} either way once the code is read.
   */
  private Optional<ConditionVerdict> signatureFailure(
      Readings readings, PayloadValue.Obj evaluated, PayloadValue.ObjBuilder extras) {
    Reading<DeployedCode> code = readings.reading(delegatorCode());
    if (!(code instanceof Reading.Value<DeployedCode> deployed)) {
      return Optional.of(
          new ConditionVerdict.Unavailable(
              FailureSource.SIGNATURE_CHECK, "delegator account could not be read"));
    }
    if (deployed.value().code().isEmpty()) {
      if (delegation.signature().length() != 65) {
        return Optional.of(failed(evaluated, extras, "delegator_not_deployed"));
      }
      extras.put("signatureType", "eoa");
      Optional<EvmAddress> signer =
          Secp256k1.recover(
              delegation.digest(DelegationManager.CHAIN, manager.address()),
              delegation.signature());
      if (!signer.equals(Optional.of(delegation.delegator()))) {
        return Optional.of(failed(evaluated, extras, "invalid_signature"));
      }
      return Optional.empty();
    }
    extras.put("signatureType", "erc1271");
    Reading<Boolean> accepted = readings.reading(contractSignature());
    if (accepted instanceof Reading.Unreadable) {
      return Optional.of(
          new ConditionVerdict.Unavailable(
              FailureSource.SIGNATURE_CHECK, "delegator signature check could not be completed"));
    }
    if (!(accepted instanceof Reading.Value<Boolean> value && value.value())) {
      return Optional.of(failed(evaluated, extras, "invalid_signature"));
    }
    return Optional.empty();
  }

  /** Signed and not revoked: met unless a caveat is unrecognized or outside its time window. */
  private ConditionVerdict caveatVerdict(
      EvaluationContext<EvmAddress> context,
      PayloadValue.Obj evaluated,
      PayloadValue.ObjBuilder extras) {
    DelegationLimits caveats = DelegationLimits.of(delegation.caveats());
    List<DeclaredLimit> limits = caveats.limits();
    BigInteger timestamp = BigInteger.valueOf(context.evmBlock().timestamp().getEpochSecond());
    String failReason = null;
    if (!caveats.unrecognized().isEmpty()) {
      failReason = "unknown_caveat_enforcer";
      extras.put("unrecognizedEnforcers", PayloadValue.array(caveats.unrecognized()));
    } else if (limits.stream()
        .anyMatch(l -> l instanceof DeclaredLimit.Timestamp t && !t.allows(timestamp))) {
      failReason = "outside_time_window";
    }
    if (failReason != null) {
      extras.put("failReason", failReason);
    }
    extras.put(DECLARED_LIMITS, DelegationLimits.declaredLimits(limits));
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
}
