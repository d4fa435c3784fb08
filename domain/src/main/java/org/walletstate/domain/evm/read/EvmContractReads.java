package org.walletstate.domain.evm.read;

import java.math.BigInteger;
import java.util.List;
import java.util.Objects;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.AbiDecodingException;
import org.walletstate.domain.evm.AccountProof;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.DeployedCode;
import org.walletstate.domain.evm.FunctionSignature;

/**
 * The reads of a contract's view functions, an account's code and an account's state proof. They
 * are {@link EvmRead}s and are named through it ({@code EvmRead.BoolViewCall}): {@code EvmRead}
 * extends this interface only to keep its permitted reads in files by subject.
 *
 * <p>The records are alike on purpose: each is its own value (two reads are one read only when they
 * are equal), with its own request and decoding over the shared {@code EvmCalls}.
 */
public interface EvmContractReads {

  /** A view function of one address returning {@code bool}. */
  record BoolViewCall(EvmAddress contract, FunctionSignature function, EvmAddress argument)
      implements EvmRead<Boolean> {
    public BoolViewCall {
      EvmCalls.requireCall(contract, function);
      Objects.requireNonNull(argument, "argument");
    }

    @Override
    public EvmRequest request() {
      return EvmCalls.call(contract, function, Bytes32.of(argument));
    }

    @Override
    public Boolean decode(ReadOutcome.Answer answer) {
      return EvmCalls.words(answer).bool(0);
    }
  }

  /** A view function of one address returning {@code uint256} (e.g. {@code idOf(address)}). */
  record UintViewCall(EvmAddress contract, FunctionSignature function, EvmAddress argument)
      implements EvmRead<BigInteger> {
    public UintViewCall {
      EvmCalls.requireCall(contract, function);
      Objects.requireNonNull(argument, "argument");
    }

    @Override
    public EvmRequest request() {
      return EvmCalls.call(contract, function, Bytes32.of(argument));
    }

    @Override
    public BigInteger decode(ReadOutcome.Answer answer) {
      return EvmCalls.words(answer).uint(0, 256);
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
      EvmCalls.requireCall(contract, function);
      Objects.requireNonNull(id, "id");
    }

    @Override
    public EvmRequest request() {
      return EvmCalls.call(contract, function, Bytes32.of(id));
    }

    @Override
    public EvmAddress decode(ReadOutcome.Answer answer) {
      return EvmCalls.words(answer).address(0);
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
      return new DeployedCode(EvmCalls.returnData(answer));
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
}
