package org.walletstate.domain.evm.read;

import java.math.BigInteger;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.evm.AbiDecodingException;
import org.walletstate.domain.evm.AbiReader;
import org.walletstate.domain.evm.AccountProof;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.DeployedCode;
import org.walletstate.domain.evm.FunctionSignature;
import org.walletstate.domain.evm.eas.AttestationLookup;
import org.walletstate.domain.evm.eas.EasRecord;

/**
 * One fact a condition needs from an EVM chain at the pinned block, with the request that asks for
 * it and the interpretation of the answer as a {@code T}.
 *
 * @param <T> the type of the value read
 */
public sealed interface EvmRead<T> extends ChainRead<T>
    permits EvmRead.NativeBalance,
        EvmRead.Erc20BalanceOf,
        EvmRead.Erc20Decimals,
        EvmRead.Erc20TotalSupply,
        EvmRead.Erc721BalanceOf,
        EvmRead.BoolViewCall,
        EvmRead.UintViewCall,
        EvmRead.AccountCode,
        EvmRead.AttestationUid,
        EvmRead.EasAttestation,
        EvmRead.Erc20BalanceOfWithStorage,
        EvmRead.StateProof,
        EvmRead.AddressOfId,
        EvmRead.DelegationDisabled,
        EvmRead.Erc1271Signature,
        Aggregate3 {

  FunctionSignature BALANCE_OF = FunctionSignature.of("balanceOf(address)");
  FunctionSignature DECIMALS = FunctionSignature.of("decimals()");
  FunctionSignature TOTAL_SUPPLY = FunctionSignature.of("totalSupply()");
  FunctionSignature GET_ATTESTATION = FunctionSignature.of("getAttestation(bytes32)");
  FunctionSignature DISABLED_DELEGATIONS = FunctionSignature.of("disabledDelegations(bytes32)");
  FunctionSignature IS_VALID_SIGNATURE = FunctionSignature.of("isValidSignature(bytes32,bytes)");

  @Override
  default ChainFamily family() {
    return ChainFamily.EVM;
  }

  /**
   * {@code reads} as EVM reads, in their order.
   *
   * @throws IllegalArgumentException when one is a read of another family
   */
  static Set<EvmRead<?>> all(Collection<? extends ChainRead<?>> reads) {
    Set<EvmRead<?>> evm = new LinkedHashSet<>();
    for (ChainRead<?> read : reads) {
      if (!(read instanceof EvmRead<?> evmRead)) {
        throw new IllegalArgumentException("not an EVM read: " + read);
      }
      evm.add(evmRead);
    }
    return Collections.unmodifiableSet(evm);
  }

  /** The JSON-RPC request that answers this read. */
  EvmRequest request();

  /**
   * Interprets the node's answer to {@link #request()}.
   *
   * @throws AbiDecodingException when the answer is not a value of this read's type (empty return
   *     data from an account without code, a word wider than the type, ...)
   */
  T decode(ReadOutcome.Answer answer);

  /** The wei an account holds ({@code eth_getBalance}). */
  record NativeBalance(EvmAddress account) implements EvmRead<BigInteger> {
    public NativeBalance {
      Objects.requireNonNull(account, "account");
    }

    @Override
    public EvmRequest request() {
      return new EvmRequest.EthGetBalance(account);
    }

    @Override
    public BigInteger decode(ReadOutcome.Answer answer) {
      if (answer instanceof ReadOutcome.Quantity quantity) {
        return quantity.value();
      }
      throw new IllegalArgumentException("eth_getBalance is answered with a quantity");
    }
  }

  /** ERC-20 {@code balanceOf(holder)} in base units. */
  record Erc20BalanceOf(EvmAddress token, EvmAddress holder) implements EvmRead<BigInteger> {
    public Erc20BalanceOf {
      Objects.requireNonNull(token, "token");
      Objects.requireNonNull(holder, "holder");
    }

    @Override
    public EvmRequest request() {
      return call(token, BALANCE_OF, Bytes32.of(holder));
    }

    @Override
    public BigInteger decode(ReadOutcome.Answer answer) {
      return AbiReader.of(returnData(answer)).uint(0, 256);
    }
  }

  /** ERC-20 {@code decimals()}: a {@code uint8}. */
  record Erc20Decimals(EvmAddress token) implements EvmRead<TokenDecimals> {
    public Erc20Decimals {
      Objects.requireNonNull(token, "token");
    }

    @Override
    public EvmRequest request() {
      return call(token, DECIMALS);
    }

    @Override
    public TokenDecimals decode(ReadOutcome.Answer answer) {
      return TokenDecimals.of(AbiReader.of(returnData(answer)).uint(0, 8).intValueExact());
    }
  }

  /** ERC-20 {@code totalSupply()} in base units. */
  record Erc20TotalSupply(EvmAddress token) implements EvmRead<BigInteger> {
    public Erc20TotalSupply {
      Objects.requireNonNull(token, "token");
    }

    @Override
    public EvmRequest request() {
      return call(token, TOTAL_SUPPLY);
    }

    @Override
    public BigInteger decode(ReadOutcome.Answer answer) {
      return AbiReader.of(returnData(answer)).uint(0, 256);
    }
  }

  /** ERC-721 {@code balanceOf(owner)}: how many tokens of the collection the owner holds. */
  record Erc721BalanceOf(EvmAddress collection, EvmAddress owner) implements EvmRead<BigInteger> {
    public Erc721BalanceOf {
      Objects.requireNonNull(collection, "collection");
      Objects.requireNonNull(owner, "owner");
    }

    @Override
    public EvmRequest request() {
      return call(collection, BALANCE_OF, Bytes32.of(owner));
    }

    @Override
    public BigInteger decode(ReadOutcome.Answer answer) {
      return AbiReader.of(returnData(answer)).uint(0, 256);
    }
  }

  /** A view function of one address returning {@code bool}. */
  record BoolViewCall(EvmAddress contract, FunctionSignature function, EvmAddress argument)
      implements EvmRead<Boolean> {
    public BoolViewCall {
      Objects.requireNonNull(contract, "contract");
      Objects.requireNonNull(function, "function");
      Objects.requireNonNull(argument, "argument");
    }

    @Override
    public EvmRequest request() {
      return call(contract, function, Bytes32.of(argument));
    }

    @Override
    public Boolean decode(ReadOutcome.Answer answer) {
      return AbiReader.of(returnData(answer)).bool(0);
    }
  }

  /** A view function of one address returning {@code uint256} (e.g. {@code idOf(address)}). */
  record UintViewCall(EvmAddress contract, FunctionSignature function, EvmAddress argument)
      implements EvmRead<BigInteger> {
    public UintViewCall {
      Objects.requireNonNull(contract, "contract");
      Objects.requireNonNull(function, "function");
      Objects.requireNonNull(argument, "argument");
    }

    @Override
    public EvmRequest request() {
      return call(contract, function, Bytes32.of(argument));
    }

    @Override
    public BigInteger decode(ReadOutcome.Answer answer) {
      return AbiReader.of(returnData(answer)).uint(0, 256);
    }
  }

  /** The code at an account ({@code eth_getCode}). */
  record AccountCode(EvmAddress account) implements EvmRead<DeployedCode> {
    public AccountCode {
      Objects.requireNonNull(account, "account");
    }

    @Override
    public EvmRequest request() {
      return new EvmRequest.EthGetCode(account);
    }

    @Override
    public DeployedCode decode(ReadOutcome.Answer answer) {
      return new DeployedCode(returnData(answer));
    }
  }

  /**
   * An attestation lookup's {@code function(recipient, schema)}: the UID of the recipient's
   * attestation of that schema, zero when the lookup names none. The function is part of the read:
   * two reads are one only when contract, function, recipient and schema are all equal.
   */
  record AttestationUid(AttestationLookup lookup, EvmAddress recipient, Bytes32 schema)
      implements EvmRead<Bytes32> {
    public AttestationUid {
      Objects.requireNonNull(lookup, "lookup");
      Objects.requireNonNull(recipient, "recipient");
      Objects.requireNonNull(schema, "schema");
    }

    @Override
    public EvmRequest request() {
      return call(lookup.contract(), lookup.function(), Bytes32.of(recipient), schema);
    }

    @Override
    public Bytes32 decode(ReadOutcome.Answer answer) {
      return AbiReader.of(returnData(answer)).word(0);
    }
  }

  /**
   * EAS {@code getAttestation(uid)}. Its UID comes from an {@link AttestationUid} read, so it is
   * asked for only after that read answered with a non-zero UID, at the same block.
   */
  record EasAttestation(EvmAddress eas, Bytes32 uid) implements EvmRead<EasRecord> {
    public EasAttestation {
      Objects.requireNonNull(eas, "eas");
      Objects.requireNonNull(uid, "uid");
    }

    @Override
    public EvmRequest request() {
      return call(eas, GET_ATTESTATION, uid);
    }

    @Override
    public EasRecord decode(ReadOutcome.Answer answer) {
      return EasRecord.decode(returnData(answer));
    }
  }

  /**
   * ERC-20 {@code balanceOf(holder)} with one storage slot of the token set to {@code value} for
   * the call only: if the answer is {@code value}, that slot is where the holder's balance lives.
   */
  record Erc20BalanceOfWithStorage(EvmAddress token, EvmAddress holder, Bytes32 slot, Bytes32 value)
      implements EvmRead<BigInteger> {
    public Erc20BalanceOfWithStorage {
      Objects.requireNonNull(token, "token");
      Objects.requireNonNull(holder, "holder");
      Objects.requireNonNull(slot, "slot");
      Objects.requireNonNull(value, "value");
    }

    @Override
    public EvmRequest request() {
      return new EvmRequest.EthCallWithStorage(
          token, BALANCE_OF.encodeCall(List.of(Bytes32.of(holder))), slot, value);
    }

    @Override
    public BigInteger decode(ReadOutcome.Answer answer) {
      return AbiReader.of(returnData(answer)).uint(0, 256);
    }
  }

  /** The EIP-1186 proof of an account and some of its storage slots ({@code eth_getProof}). */
  record StateProof(EvmAddress account, List<Bytes32> storageKeys)
      implements EvmRead<AccountProof> {
    public StateProof {
      Objects.requireNonNull(account, "account");
      storageKeys = List.copyOf(storageKeys);
    }

    @Override
    public EvmRequest request() {
      return new EvmRequest.EthGetProof(account, storageKeys);
    }

    @Override
    public AccountProof decode(ReadOutcome.Answer answer) {
      if (answer instanceof ReadOutcome.Proof proof) {
        if (!proof.proof().address().equals(account)) {
          throw new AbiDecodingException(
              "the proof is of another account: " + proof.proof().address());
        }
        if (proof.proof().storageProof().size() != storageKeys.size()) {
          throw new AbiDecodingException("the proof does not answer every storage key asked for");
        }
        for (int i = 0; i < storageKeys.size(); i++) {
          if (!proof.proof().storageProof().get(i).key().equals(storageKeys.get(i))) {
            throw new AbiDecodingException("the proof answers another storage key");
          }
        }
        return proof.proof();
      }
      throw new IllegalArgumentException("eth_getProof is answered with a proof");
    }
  }

  /**
   * A view function of one {@code uint256} returning an {@code address} (ERC-721 {@code
   * ownerOf(tokenId)}, ERC-8004 {@code getAgentWallet(agentId)}). Both revert for an id that does
   * not exist.
   */
  record AddressOfId(EvmAddress contract, FunctionSignature function, BigInteger id)
      implements EvmRead<EvmAddress> {
    public AddressOfId {
      Objects.requireNonNull(contract, "contract");
      Objects.requireNonNull(function, "function");
      Objects.requireNonNull(id, "id");
    }

    @Override
    public EvmRequest request() {
      return call(contract, function, Bytes32.of(id));
    }

    @Override
    public EvmAddress decode(ReadOutcome.Answer answer) {
      return AbiReader.of(returnData(answer)).address(0);
    }
  }

  /** A delegation manager's {@code disabledDelegations(delegationHash)}: true when revoked. */
  record DelegationDisabled(EvmAddress manager, Bytes32 delegationHash)
      implements EvmRead<Boolean> {
    public DelegationDisabled {
      Objects.requireNonNull(manager, "manager");
      Objects.requireNonNull(delegationHash, "delegationHash");
    }

    @Override
    public EvmRequest request() {
      return call(manager, DISABLED_DELEGATIONS, delegationHash);
    }

    @Override
    public Boolean decode(ReadOutcome.Answer answer) {
      return AbiReader.of(returnData(answer)).bool(0);
    }
  }

  /**
   * ERC-1271 {@code isValidSignature(digest, signature)} on a contract account: true exactly when
   * it returns the magic value {@code 0x1626ba7e} as a clean {@code bytes4} (what the delegation
   * manager requires). Any other answer, too short, or a revert, is a signature the account does
   * not accept.
   */
  record Erc1271Signature(EvmAddress account, Bytes32 digest, Bytes signature)
      implements EvmRead<Boolean> {

    /** {@code bytes4(keccak256("isValidSignature(bytes32,bytes)"))}, left-aligned in a word. */
    public static final Bytes32 MAGIC_VALUE =
        new Bytes32(Bytes.concat(IS_VALID_SIGNATURE.selector(), Bytes.of(new byte[28])));

    public Erc1271Signature {
      Objects.requireNonNull(account, "account");
      Objects.requireNonNull(digest, "digest");
      Objects.requireNonNull(signature, "signature");
    }

    @Override
    public EvmRequest request() {
      int padded = (signature.length() + 31) / 32 * 32;
      Bytes data =
          Bytes.concat(
              IS_VALID_SIGNATURE.selector(),
              digest.bytes(),
              Bytes32.of(BigInteger.valueOf(64)).bytes(),
              Bytes32.of(BigInteger.valueOf(signature.length())).bytes(),
              signature,
              Bytes.of(new byte[padded - signature.length()]));
      return new EvmRequest.EthCall(account, data);
    }

    @Override
    public Boolean decode(ReadOutcome.Answer answer) {
      Bytes data = returnData(answer);
      return data.length() >= 32 && data.slice(0, 32).equals(MAGIC_VALUE.bytes());
    }
  }

  private static EvmRequest call(EvmAddress to, FunctionSignature function, Bytes32... arguments) {
    return new EvmRequest.EthCall(to, function.encodeCall(List.of(arguments)));
  }

  private static Bytes returnData(ReadOutcome.Answer answer) {
    if (answer instanceof ReadOutcome.Data data) {
      return data.bytes();
    }
    throw new IllegalArgumentException("a call or code read is answered with data");
  }
}
