package org.walletstate.domain.evm.read;

import java.math.BigInteger;
import java.util.List;
import java.util.Objects;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.evm.AbiReader;
import org.walletstate.domain.evm.Bytes32;

/**
 * The reads of what an account holds: native and ERC-20 balances, ERC-20 decimals and supply,
 * ERC-721 balances. They are {@link EvmRead}s and are named through it ({@code
 * EvmRead.NativeBalance}): {@code EvmRead} extends this interface only to keep its permitted reads
 * in files by subject.
 *
 * <p>The records are alike on purpose: each is its own value (two reads are one read only when they
 * are equal), with its own request and decoding over the shared {@code EvmCalls}.
 */
public interface EvmTokenReads {

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

  // Alike by design: each read is its own value, with its own request and decoding.
  /** ERC-20 {@code balanceOf(holder)} in base units. */
  record Erc20BalanceOf(EvmAddress token, EvmAddress holder) implements EvmRead<BigInteger> {
    public Erc20BalanceOf {
      Objects.requireNonNull(token, "token");
      Objects.requireNonNull(holder, "holder");
    }

    @Override
    public EvmRequest request() {
      return EvmCalls.call(token, BALANCE_OF, Bytes32.of(holder));
    }

    @Override
    public BigInteger decode(ReadOutcome.Answer answer) {
      return EvmCalls.words(answer).uint(0, 256);
    }
  }

  /** ERC-20 {@code decimals()}: a {@code uint8}. */
  record Erc20Decimals(EvmAddress token) implements EvmRead<TokenDecimals> {
    public Erc20Decimals {
      Objects.requireNonNull(token, "token");
    }

    @Override
    public EvmRequest request() {
      return EvmCalls.call(token, DECIMALS);
    }

    @Override
    public TokenDecimals decode(ReadOutcome.Answer answer) {
      return TokenDecimals.of(EvmCalls.words(answer).uint(0, 8).intValueExact());
    }
  }

  /** ERC-20 {@code totalSupply()} in base units. */
  record Erc20TotalSupply(EvmAddress token) implements EvmRead<BigInteger> {
    public Erc20TotalSupply {
      Objects.requireNonNull(token, "token");
    }

    @Override
    public EvmRequest request() {
      return EvmCalls.call(token, TOTAL_SUPPLY);
    }

    @Override
    public BigInteger decode(ReadOutcome.Answer answer) {
      return EvmCalls.words(answer).uint(0, 256);
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
      return EvmCalls.call(collection, BALANCE_OF, Bytes32.of(owner));
    }

    @Override
    public BigInteger decode(ReadOutcome.Answer answer) {
      return EvmCalls.words(answer).uint(0, 256);
    }
  }

  /**
   * ERC-165 {@code supportsInterface(0x80ac58cd)}: whether the contract declares itself an ERC-721
   * collection (ERC-721 requires every collection to). A contract that answers no word (no such
   * function and a fallback that returns nothing, or no code) declares nothing: false. A call that
   * reverts is a {@code Reverted} reading, which also declares nothing.
   */
  record Erc721Interface(EvmAddress contract) implements EvmRead<Boolean> {
    /** The ERC-721 interface id, left-aligned in its argument word. */
    static final Bytes32 ERC721_ID = Bytes32.of(new BigInteger("80ac58cd", 16).shiftLeft(224));

    public Erc721Interface {
      Objects.requireNonNull(contract, "contract");
    }

    @Override
    public EvmRequest request() {
      return EvmCalls.call(contract, SUPPORTS_INTERFACE, ERC721_ID);
    }

    @Override
    public Boolean decode(ReadOutcome.Answer answer) {
      return EvmCalls.firstWord(answer)
          .map(word -> AbiReader.of(word.bytes()).bool(0))
          .orElse(false);
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
      return EvmCalls.words(answer).uint(0, 256);
    }
  }
}
