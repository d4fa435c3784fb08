package org.walletstate.adapters.chain.sui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.DoubleSupplier;
import java.util.regex.Pattern;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.adapters.chain.jsonrpc.JsonRpcChainConfig;
import org.walletstate.adapters.chain.jsonrpc.QuorumPinning;
import org.walletstate.adapters.chain.jsonrpc.RpcFailure;
import org.walletstate.adapters.chain.jsonrpc.SnapshotChainState;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.sui.SuiRead;

/**
 * The {@link ChainState} of Sui, read over GraphQL (Sui's JSON-RPC is gone). One query answers an
 * observation: {@code checkpoint { sequenceNumber digest query { … } }} pins every balance to that
 * checkpoint, which with its digest is the anchor; coin metadata (decimals, which do not change) is
 * read in the same request. Each balance is {@code totalBalance} (coin objects plus the address
 * balance), a decimal string of base units; an address without the coin holds 0. Variables are
 * named {@code o<i>}/{@code t<i>} for balance {@code b<i>}, {@code c<j>} for metadata {@code m<j>},
 * and {@code at} for the checkpoint a quorum read is pinned to ({@code checkpoint(sequenceNumber:
 * $at)}, null when the server no longer or not yet holds it).
 */
public final class SuiChainState extends SnapshotChainState<SuiRead<?>> {

  private static final Pattern AMOUNT = Pattern.compile("[0-9]{1,40}");
  private static final Pattern DIGEST = Pattern.compile("[1-9A-HJ-NP-Za-km-z]{32,44}");

  /** With random jitter; {@code observer} is told of every exchange. */
  public SuiChainState(JsonRpcChainConfig config, Clock clock, ChainCallObserver observer) {
    super("sui", SuiRead::all, config, clock, JITTER, observer);
  }

  /**
   * @param random uniform values in {@code [0, 1)} for the backoff jitter
   */
  public SuiChainState(JsonRpcChainConfig config, Clock clock, DoubleSupplier random) {
    super("sui", SuiRead::all, config, clock, random, ChainCallObserver.NONE);
  }

  @Override
  protected ChainObservation observeNow(Set<SuiRead<?>> reads, Deadline deadline) {
    return snapshot(reads, -1, deadline);
  }

  // pinning and position in the same shape as XrplChainState's by design: each family says how
  // its quorum is anchored and where an anchor lies, with its own javadoc.
  /**
   * A checkpoint's digest and every read's state at it can be asked for by sequence number ({@code
   * checkpoint(sequenceNumber:)}): a quorum agrees on one checkpoint by sequence number and digest.
   */
  @Override
  protected QuorumPinning pinning() {
    return QuorumPinning.PINNED;
  }

  @Override
  protected long position(Anchor anchor) {
    return ((Anchor.SuiCheckpoint) anchor).checkpointSequence();
  }

  /**
   * The latest checkpoint this server has indexed: {@code checkpoint { sequenceNumber digest }}.
   */
  @Override
  protected Anchor latest(Deadline deadline) throws RpcFailure {
    ObjectNode request =
        transport().object().put("query", "query { checkpoint { sequenceNumber digest } }");
    return transport().call(request, deadline, answer -> checkpoint(answer, -1));
  }

  /** Checkpoint {@code sequence} as this server holds it: its digest. */
  @Override
  protected Anchor at(long sequence, Deadline deadline) throws RpcFailure {
    ObjectNode request =
        transport()
            .object()
            .put(
                "query",
                "query($at: UInt53!) { checkpoint(sequenceNumber: $at) { sequenceNumber digest } }");
    request.putObject("variables").put("at", sequence);
    return transport().call(request, deadline, answer -> checkpoint(answer, sequence));
  }

  /** Every read at the agreed checkpoint: the same query, pinned to its sequence number. */
  @Override
  protected ChainObservation observeAt(Set<SuiRead<?>> reads, Anchor anchor, Deadline deadline) {
    return snapshot(reads, position(anchor), deadline);
  }

  /**
   * One query of {@code reads}, at the latest checkpoint ({@code pinned} -1) or at {@code pinned}.
   */
  private ChainObservation snapshot(Set<SuiRead<?>> reads, long pinned, Deadline deadline) {
    List<SuiRead.CoinBalance> balances = new ArrayList<>();
    List<SuiRead.CoinDecimals> metadata = new ArrayList<>();
    for (SuiRead<?> read : reads) {
      if (read instanceof SuiRead.CoinBalance balance) {
        balances.add(balance);
      } else {
        metadata.add((SuiRead.CoinDecimals) read);
      }
    }
    ObjectNode request = request(balances, metadata, pinned);
    Map<ChainRead<?>, Reading<?>> readings = new LinkedHashMap<>();
    Anchor.SuiCheckpoint anchor;
    try {
      anchor =
          transport()
              .call(
                  request,
                  deadline,
                  answer -> {
                    Anchor.SuiCheckpoint checkpoint = checkpoint(answer, pinned);
                    JsonNode state = answer.path("data").path("checkpoint").path("query");
                    for (int i = 0; i < balances.size(); i++) {
                      readings.put(balances.get(i), balance(state.get("b" + i)));
                    }
                    for (int j = 0; j < metadata.size(); j++) {
                      readings.put(metadata.get(j), decimals(answer.path("data").get("m" + j)));
                    }
                    return checkpoint;
                  });
    } catch (RpcFailure failure) {
      return new ChainObservation.HeadUnavailable(failure.getMessage());
    }
    return new ChainObservation.Observed(anchor, Readings.of(readings));
  }

  /**
   * One GraphQL query of every read: the balances pinned to the checkpoint it reports, the coin
   * metadata beside it.
   */
  private ObjectNode request(
      List<SuiRead.CoinBalance> balances, List<SuiRead.CoinDecimals> metadata, long pinned) {
    StringBuilder params = new StringBuilder();
    StringBuilder inner = new StringBuilder();
    StringBuilder outer = new StringBuilder();
    ObjectNode variables = transport().object();
    if (pinned >= 0) {
      params.append(" $at: UInt53!");
      variables.put("at", pinned);
    }
    for (int i = 0; i < balances.size(); i++) {
      params.append(" $o").append(i).append(": SuiAddress! $t").append(i).append(": String!");
      inner
          .append(" b")
          .append(i)
          .append(": address(address: $o")
          .append(i)
          .append(") { balance(coinType: $t")
          .append(i)
          .append(") { totalBalance } }");
      variables.put("o" + i, balances.get(i).owner().text());
      variables.put("t" + i, balances.get(i).coinType().text());
    }
    for (int j = 0; j < metadata.size(); j++) {
      params.append(" $c").append(j).append(": String!");
      outer
          .append(" m")
          .append(j)
          .append(": coinMetadata(coinType: $c")
          .append(j)
          .append(") { decimals }");
      variables.put("c" + j, metadata.get(j).coinType().text());
    }
    String query =
        "query("
            + params.toString().trim()
            + ") { checkpoint"
            + (pinned >= 0 ? "(sequenceNumber: $at)" : "")
            + " { sequenceNumber digest query {"
            + inner
            + " } }"
            + outer
            + " }";
    ObjectNode request = transport().object().put("query", query);
    request.set("variables", variables);
    return request;
  }

  /**
   * The checkpoint the answer is pinned to, after its errors and shape are checked: checkpoint
   * {@code expected}, or the latest ({@code expected} -1). A server that does not hold the one
   * asked for (pruned, or not yet indexed) answers null: a failed read.
   */
  private static Anchor.SuiCheckpoint checkpoint(JsonNode answer, long expected) throws RpcFailure {
    JsonNode errors = answer.get("errors");
    if (errors != null && !errors.isNull() && errors.size() > 0) {
      throw new RpcFailure("graphql: the answer has errors");
    }
    JsonNode checkpoint = answer.path("data").path("checkpoint");
    if (expected >= 0 && checkpoint.isNull()) {
      throw new RpcFailure("graphql: checkpoint " + expected + " is not available on this server");
    }
    // Checked as XrplAnswers checks a ledger index, by design: each family reads its own answer.
    JsonNode sequence = checkpoint.get("sequenceNumber");
    if (sequence == null
        || !sequence.isIntegralNumber()
        || !sequence.canConvertToLong()
        || sequence.asLong() < 0) {
      throw new RpcFailure("graphql: the answer has no checkpoint sequenceNumber");
    }
    if (expected >= 0 && sequence.asLong() != expected) {
      throw new RpcFailure("graphql: the answer is not checkpoint " + expected);
    }
    String digest = checkpoint.path("digest").asText("");
    if (!DIGEST.matcher(digest).matches()) {
      throw new RpcFailure("graphql: the answer has no checkpoint digest");
    }
    return new Anchor.SuiCheckpoint(sequence.asLong(), digest);
  }

  private static Reading<BigInteger> balance(JsonNode address) {
    if (address == null || address.isNull()) {
      return new Reading.Value<>(BigInteger.ZERO);
    }
    JsonNode balance = address.get("balance");
    if (balance == null || balance.isNull()) {
      return new Reading.Value<>(BigInteger.ZERO);
    }
    JsonNode total = balance.get("totalBalance");
    if (total == null || !total.isTextual() || !AMOUNT.matcher(total.asText()).matches()) {
      return new Reading.Unreadable<>("graphql: totalBalance is not a whole number of base units");
    }
    return new Reading.Value<>(new BigInteger(total.asText()));
  }

  private static Reading<Integer> decimals(JsonNode metadata) {
    if (metadata == null || metadata.isNull()) {
      return new Reading.Unreadable<>("graphql: the coin has no metadata");
    }
    JsonNode decimals = metadata.get("decimals");
    if (decimals == null
        || !decimals.isIntegralNumber()
        || decimals.asInt(-1) < 0
        || decimals.asInt() > 77) {
      return new Reading.Unreadable<>("graphql: the coin's decimals are not readable");
    }
    return new Reading.Value<>(decimals.asInt());
  }
}
