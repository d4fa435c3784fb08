package org.walletstate.domain.proof;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.digest.Keccak256;
import org.walletstate.domain.evm.AccountProof;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.DeployedCode;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.payload.Quantities;

/**
 * The {@code proof} object of a result ({@code proof: "merkle"}), signed inside the result.
 *
 * <p>An available proof is delivered only when the proven value is the one the verdict was decided
 * on: the ERC-20 balance slot holds {@code balanceOf}'s answer, the account's balance field is
 * {@code eth_getBalance}'s, its codeHash is the hash of {@code eth_getCode}'s code. Otherwise the
 * proof would show something other than what was evaluated, and it is declined.
 *
 * <p>Members of an available proof, in issue order: {@code available}, {@code type}, {@code
 * subject} (absent for an ERC-20 balance slot), {@code blockNumber}, {@code address} (the account
 * proven), for an ERC-20 {@code contractAddress}, {@code holder}, {@code mappingSlot}, {@code
 * layout}, {@code storageKey}; {@code decimals} for balances; the account's {@code nonce}, {@code
 * balance}, {@code codeHash}, {@code storageHash}; {@code accountProof}, {@code storageProof}.
 * Quantities are hex strings as in {@code eth_getProof}. A declined proof is {@code {available:
 * false, type, reason}}.
 */
public final class MerkleProof {

  public static final String SUBJECT_ACCOUNT_BALANCE = "account_balance";
  public static final String SUBJECT_ACCOUNT_CODE = "account_code";
  public static final String SUBJECT_DELEGATION_REVOCATION = "delegation_revocation";

  public static final String READ_INCOMPLETE = "the proof read did not complete";
  public static final String NOT_READ = "no proof was read for this result";
  public static final String COMPUTED_BALANCE =
      "the located balance slot does not hold balanceOf's answer at the block: the balance is"
          + " computed, not stored";
  public static final String BALANCE_DIFFERS =
      "the proven account balance differs from the balance read at the block";
  public static final String CODE_DIFFERS =
      "the proven codeHash differs from the code read at the block";
  public static final String REVOCATION_DIFFERS =
      "the proven revocation flag differs from disabledDelegations read at the block";

  /** The codeHash of an account without code: the Keccak-256 hash of no bytes. */
  static final Bytes32 EMPTY_CODE_HASH = new Bytes32(Bytes.of(Keccak256.hash(new byte[0])));

  private MerkleProof() {}

  /** A declined proof: {@code {available: false, type: "merkle", reason}}. */
  public static PayloadValue.Obj declined(String reason) {
    return PayloadValue.objectBuilder()
        .put("available", false)
        .put("type", "merkle")
        .put("reason", reason)
        .build();
  }

  /** The proof object of one result, from the requirement and what the adapter obtained. */
  public static PayloadValue.Obj of(
      ProofRequirement requirement,
      Optional<ProofOutcome> outcome,
      Anchor anchor,
      Readings reads,
      TokenDecimals nativeDecimals) {
    if (requirement instanceof ProofRequirement.Declined declined) {
      return declined(declined.reason());
    }
    if (!(anchor instanceof Anchor.EvmBlock block)) {
      throw new IllegalArgumentException("a Merkle proof is taken at an EVM block, not " + anchor);
    }
    ProofTarget target = ((ProofRequirement.Wanted) requirement).target();
    if (outcome.isEmpty()) {
      return declined(NOT_READ);
    }
    if (outcome.get() instanceof ProofOutcome.Declined declined) {
      return declined(declined.reason());
    }
    if (outcome.get() instanceof ProofOutcome.Failed) {
      return declined(READ_INCOMPLETE);
    }
    ProofOutcome.Obtained obtained = (ProofOutcome.Obtained) outcome.get();
    AccountProof proof = obtained.proof();
    if (target instanceof ProofTarget.Erc20Balance erc20) {
      return erc20(erc20, obtained, block, reads);
    }
    if (target instanceof ProofTarget.AccountBalance account) {
      Reading<BigInteger> balance = reads.reading(new EvmRead.NativeBalance(account.account()));
      if (!(balance instanceof Reading.Value<BigInteger> read)
          || !read.value().equals(proof.balance())) {
        return declined(BALANCE_DIFFERS);
      }
      return account(SUBJECT_ACCOUNT_BALANCE, proof, block, Optional.of(nativeDecimals));
    }
    if (target instanceof ProofTarget.DelegationRevocation revocation) {
      return revocation(revocation, proof, block, reads);
    }
    ProofTarget.AccountCode code = (ProofTarget.AccountCode) target;
    Reading<DeployedCode> deployed = reads.reading(new EvmRead.AccountCode(code.account()));
    if (!(deployed instanceof Reading.Value<DeployedCode> read)
        || !codeHashShows(proof.codeHash(), read.value())) {
      return declined(CODE_DIFFERS);
    }
    return account(SUBJECT_ACCOUNT_CODE, proof, block, Optional.empty());
  }

  /** The codeHash of {@code code}, or zero for no code (an absent account may report zero). */
  static boolean codeHashShows(Bytes32 codeHash, DeployedCode code) {
    if (code.code().isEmpty()) {
      return isEmptyCodeHash(codeHash);
    }
    return codeHash.bytes().equals(Bytes.of(Keccak256.hash(code.code().toArray())));
  }

  /** A codeHash that shows no code: the empty-code hash, or zero (an absent account's report). */
  static boolean isEmptyCodeHash(Bytes32 codeHash) {
    return codeHash.equals(EMPTY_CODE_HASH) || codeHash.isZero();
  }

  private static PayloadValue.Obj erc20(
      ProofTarget.Erc20Balance target,
      ProofOutcome.Obtained obtained,
      Anchor.EvmBlock anchor,
      Readings reads) {
    AccountProof proof = obtained.proof();
    BalanceLayout layout =
        obtained
            .layout()
            .orElseThrow(() -> new IllegalArgumentException("an ERC-20 proof names its layout"));
    Bytes32 key = layout.storageKey(target.holder());
    Optional<AccountProof.StorageProof> slot =
        proof.storageProof().stream().filter(s -> s.key().equals(key)).findFirst();
    Reading<BigInteger> balance =
        reads.reading(new EvmRead.Erc20BalanceOf(target.token(), target.holder()));
    Reading<TokenDecimals> decimals = reads.reading(new EvmRead.Erc20Decimals(target.token()));
    if (slot.isEmpty()
        || !(balance instanceof Reading.Value<BigInteger> read)
        || !read.value().equals(slot.get().value())
        || !(decimals instanceof Reading.Value<TokenDecimals> tokenDecimals)) {
      return declined(COMPUTED_BALANCE);
    }
    PayloadValue.ObjBuilder shape =
        PayloadValue.objectBuilder()
            .put("available", true)
            .put("type", "merkle")
            .put("blockNumber", anchor.numberHex())
            .put("address", proof.address().checksummed())
            .put("contractAddress", target.token().checksummed())
            .put("holder", target.holder().checksummed())
            .put("mappingSlot", layout.mappingSlotHex())
            .put("layout", layout.order().wireName())
            .put("storageKey", key.hex())
            .put("decimals", tokenDecimals.value().value());
    return accountFields(shape, proof, List.of(slot.get()));
  }

  /**
   * The revocation flag's slot: its value is 1 (revoked) or 0, and must be what {@code
   * disabledDelegations} answered at the block.
   */
  private static PayloadValue.Obj revocation(
      ProofTarget.DelegationRevocation target,
      AccountProof proof,
      Anchor.EvmBlock anchor,
      Readings reads) {
    Optional<AccountProof.StorageProof> slot =
        proof.storageProof().stream().filter(s -> s.key().equals(target.storageKey())).findFirst();
    Reading<Boolean> disabled =
        reads.reading(new EvmRead.DelegationDisabled(target.manager(), target.delegationHash()));
    if (slot.isEmpty()
        || !(disabled instanceof Reading.Value<Boolean> read)
        || !slot.get().value().equals(read.value() ? BigInteger.ONE : BigInteger.ZERO)) {
      return declined(REVOCATION_DIFFERS);
    }
    PayloadValue.ObjBuilder shape =
        accountShape(SUBJECT_DELEGATION_REVOCATION, proof, anchor)
            .put("contractAddress", target.manager().checksummed())
            .put("delegationHash", target.delegationHash().hex())
            .put("mappingSlot", Quantities.hex(BigInteger.valueOf(target.mappingSlot())))
            .put("storageKey", target.storageKey().hex());
    return accountFields(shape, proof, List.of(slot.get()));
  }

  private static PayloadValue.Obj account(
      String subject,
      AccountProof proof,
      Anchor.EvmBlock anchor,
      Optional<TokenDecimals> decimals) {
    PayloadValue.ObjBuilder shape = accountShape(subject, proof, anchor);
    decimals.ifPresent(d -> shape.put("decimals", d.value()));
    return accountFields(shape, proof, List.of());
  }

  /** The fields every proof of an account's state begins with, {@code subject} naming the fact. */
  private static PayloadValue.ObjBuilder accountShape(
      String subject, AccountProof proof, Anchor.EvmBlock anchor) {
    return PayloadValue.objectBuilder()
        .put("available", true)
        .put("type", "merkle")
        .put("subject", subject)
        .put("blockNumber", anchor.numberHex())
        .put("address", proof.address().checksummed());
  }

  private static PayloadValue.Obj accountFields(
      PayloadValue.ObjBuilder shape, AccountProof proof, List<AccountProof.StorageProof> slots) {
    shape
        .put("nonce", Quantities.hex(proof.nonce()))
        .put("balance", Quantities.hex(proof.balance()))
        .put("codeHash", proof.codeHash().hex())
        .put("storageHash", proof.storageHash().hex())
        .put("accountProof", nodes(proof.accountProof()));
    List<PayloadValue> storage = new ArrayList<>();
    for (AccountProof.StorageProof slot : slots) {
      storage.add(
          PayloadValue.objectBuilder()
              .put("key", slot.key().hex())
              .put("value", Quantities.hex(slot.value()))
              .put("proof", nodes(slot.proof()))
              .build());
    }
    return shape.put("storageProof", PayloadValue.array(storage)).build();
  }

  private static PayloadValue.Arr nodes(List<Bytes> nodes) {
    List<PayloadValue> hex = new ArrayList<>();
    nodes.forEach(n -> hex.add(PayloadValue.text(n.toHex())));
    return PayloadValue.array(hex);
  }
}
