package org.walletstate.adapters.chain.tron;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.time.Clock;
import java.util.Locale;
import java.util.function.DoubleSupplier;
import java.util.regex.Pattern;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.adapters.chain.jsonrpc.BracketedSnapshotChainState;
import org.walletstate.adapters.chain.jsonrpc.JsonRpcChainConfig;
import org.walletstate.adapters.chain.jsonrpc.RpcFailure;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.domain.address.TronAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.tron.TronRead;

/**
 * The {@link ChainState} of Tron, read from a full node's HTTP API (TronGrid serves it) on the
 * {@code /walletsolidity/*} paths: solidified, irreversible state. The node answers the latest
 * solidified state only, so a snapshot is bracketed by the solidified head ({@code getnowblock}:
 * {@code blockID} and {@code block_header.raw_data.number}) before and after the reads; when the
 * head moved the snapshot is taken again, up to {@link #SNAPSHOT_TRIES} times. The solidity paths
 * cannot read an account at a past block, so a quorum compares the providers' solidified heads
 * (number and {@code blockID}) before the reads and their current answers after them ({@link
 * org.walletstate.adapters.chain.jsonrpc.QuorumPinning#BRACKETED}).
 *
 * <ul>
 *   <li>{@code getaccount}: TRX in sun; an account that does not exist answers {@code {}} and a
 *       zero balance is omitted, so no {@code balance} is 0.
 *   <li>{@code triggerconstantcontract}: {@code balanceOf(address)} and {@code decimals()} of a
 *       TRC-20 token. An answer counts only with {@code result.result} true and no {@code FAILED}
 *       in {@code transaction.ret} (a revert still says true); a call that reverts is unreadable.
 * </ul>
 */
public final class TronChainState extends BracketedSnapshotChainState<TronRead<?>> {

  private static final Pattern BLOCK_ID = Pattern.compile("[0-9a-fA-F]{64}");
  private static final Pattern WORD = Pattern.compile("[0-9a-fA-F]{64}");

  // Constructors and overrides in the same shape as BitcoinChainState's by design: each family
  // hands the bracketed reader its own name, anchor, reads and anchor position.
  /** With random jitter; {@code observer} is told of every exchange. */
  public TronChainState(JsonRpcChainConfig config, Clock clock, ChainCallObserver observer) {
    super("tron", "solidified head", TronRead::all, config, clock, JITTER, observer);
  }

  /**
   * @param random uniform values in {@code [0, 1)} for the backoff jitter
   */
  public TronChainState(JsonRpcChainConfig config, Clock clock, DoubleSupplier random) {
    super("tron", "solidified head", TronRead::all, config, clock, random, ChainCallObserver.NONE);
  }

  @Override
  protected long position(Anchor anchor) {
    return ((Anchor.TronBlock) anchor).blockHeight();
  }

  @Override
  protected boolean stillAt(Anchor anchor, Deadline deadline) throws RpcFailure {
    return latest(deadline).equals(anchor);
  }

  @Override
  protected Reading<?> answer(TronRead<?> read, Deadline deadline) throws RpcFailure {
    if (read instanceof TronRead.TrxSun sun) {
      ObjectNode request =
          transport().object().put("address", sun.account().text()).put("visible", true);
      return new Reading.Value<>(
          transport().post("walletsolidity/getaccount", request, deadline, TronChainState::sun));
    }
    if (read instanceof TronRead.Trc20Balance balance) {
      BigInteger value =
          constantCall(
              balance.token(),
              balance.holder(),
              "balanceOf(address)",
              balance.holder().abiWord(),
              deadline);
      return new Reading.Value<>(value);
    }
    TronRead.Trc20Decimals decimals = (TronRead.Trc20Decimals) read;
    BigInteger value = constantCall(decimals.token(), decimals.token(), "decimals()", "", deadline);
    if (value.compareTo(BigInteger.valueOf(255)) > 0) {
      return new Reading.Unreadable<>("decimals() is not a uint8: " + value);
    }
    return new Reading.Value<>(TokenDecimals.of(value.intValueExact()));
  }

  /** The account's {@code balance}, 0 when absent (a missing account, or a zero balance). */
  static BigInteger sun(JsonNode account) throws RpcFailure {
    JsonNode balance = account.get("balance");
    if (balance == null) {
      return BigInteger.ZERO;
    }
    if (!balance.isIntegralNumber() || balance.bigIntegerValue().signum() < 0) {
      throw new RpcFailure("getaccount: balance is not a whole number of sun");
    }
    return balance.bigIntegerValue();
  }

  private BigInteger constantCall(
      TronAddress contract, TronAddress owner, String selector, String parameter, Deadline deadline)
      throws RpcFailure {
    ObjectNode request =
        transport()
            .object()
            .put("owner_address", owner.text())
            .put("contract_address", contract.text())
            .put("function_selector", selector)
            .put("parameter", parameter)
            .put("visible", true);
    return transport()
        .post(
            "walletsolidity/triggerconstantcontract",
            request,
            deadline,
            answer -> word(answer, selector));
  }

  /** The first 32-byte word of a constant call that succeeded. */
  static BigInteger word(JsonNode answer, String selector) throws RpcFailure {
    if (!answer.path("result").path("result").asBoolean(false)) {
      throw new RpcFailure(selector + ": the call did not succeed");
    }
    for (JsonNode ret : answer.path("transaction").path("ret")) {
      if ("FAILED".equals(ret.path("ret").asText())) {
        throw new RpcFailure(selector + ": the call reverted");
      }
    }
    String word = answer.path("constant_result").path(0).asText("");
    if (!WORD.matcher(word).matches()) {
      throw new RpcFailure(selector + ": constant_result is not one 32-byte word");
    }
    return new BigInteger(word, 16);
  }

  /** The solidified head: {@code getnowblock}'s number and {@code blockID}. */
  @Override
  protected Anchor.TronBlock latest(Deadline deadline) throws RpcFailure {
    return transport()
        .post(
            "walletsolidity/getnowblock",
            transport().object(),
            deadline,
            answer -> {
              String id = answer.path("blockID").asText("");
              if (!BLOCK_ID.matcher(id).matches()) {
                throw new RpcFailure("getnowblock: the answer has no blockID");
              }
              JsonNode number = answer.path("block_header").path("raw_data").get("number");
              if (number == null || !number.canConvertToLong() || number.asLong() < 0) {
                throw new RpcFailure("getnowblock: the answer has no block number");
              }
              return new Anchor.TronBlock(number.asLong(), id.toLowerCase(Locale.ROOT));
            });
  }
}
