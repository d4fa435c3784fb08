package org.walletstate.domain.evm.read;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.digest.Keccak256;
import org.walletstate.domain.evm.AbiDecodingException;
import org.walletstate.domain.evm.AbiReader;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;

/**
 * Multicall3 {@code aggregate3(calls)}: many {@code eth_call}s in one, each with {@code
 * allowFailure} set, so one call that reverts does not revert the others. Answered with one {@link
 * Result} per call, in the calls' order.
 *
 * <p>An inner call's {@code success = false} is a revert <em>or</em> an inner out-of-gas: the two
 * cannot be told apart inside {@code aggregate3}, so a reader of a {@link Result} must never turn
 * it into a negative verdict on its own.
 *
 * <p>A value (equal multicall and calls are equal reads) whose request is encoded once: a batch's
 * call data is tens of kilobytes, and the read path asks for the request in several places.
 */
public final class Aggregate3 implements EvmRead<List<Aggregate3.Result>> {

  /** The canonical Multicall3 address, the same on most EVM chains. */
  public static final EvmAddress CANONICAL =
      EvmAddress.parse("0xcA11bde05977b3631167028862bE2a173976CA11", "multicall3");

  /** Multicall3 where it is not at the canonical address (ZKsync Era). */
  private static final Map<ChainId, EvmAddress> ELSEWHERE =
      Map.of(
          new ChainId.Evm(324),
          EvmAddress.parse("0xF9cda624FBC7e059355ce98a31693d299FACd963", "multicall3"));

  /** The Multicall3 deployment of {@code chain}: {@link #CANONICAL} but where it is elsewhere. */
  public static EvmAddress deployment(ChainId chain) {
    return ELSEWHERE.getOrDefault(chain, CANONICAL);
  }

  private static final Bytes SELECTOR =
      Bytes.of(
          Arrays.copyOf(
              Keccak256.hash(
                  "aggregate3((address,bool,bytes)[])".getBytes(StandardCharsets.US_ASCII)),
              4));

  private static final int WORD = 32;

  private final EvmAddress multicall;
  private final List<EvmRequest.EthCall> calls;
  private EvmRequest.EthCall request;
  private int hash;

  /**
   * @param multicall the chain's Multicall3 deployment
   * @param calls the inner calls, in order; at least one
   */
  public Aggregate3(EvmAddress multicall, List<EvmRequest.EthCall> calls) {
    this.multicall = Objects.requireNonNull(multicall, "multicall");
    this.calls = List.copyOf(calls);
    if (this.calls.isEmpty()) {
      throw new IllegalArgumentException("aggregate3 needs at least one call");
    }
  }

  /** The chain's Multicall3 deployment. */
  public EvmAddress multicall() {
    return multicall;
  }

  /** The inner calls, in order. */
  public List<EvmRequest.EthCall> calls() {
    return calls;
  }

  @Override
  public boolean equals(Object o) {
    return o == this
        || o instanceof Aggregate3 other
            && other.hashCode() == hashCode()
            && other.multicall.equals(multicall)
            && other.calls.equals(calls);
  }

  @Override
  public int hashCode() {
    int h = hash;
    if (h == 0) {
      h = 31 * multicall.hashCode() + calls.hashCode();
      hash = h;
    }
    return h;
  }

  @Override
  public String toString() {
    return "Aggregate3[multicall=" + multicall + ", calls=" + calls.size() + "]";
  }

  /**
   * One inner call's outcome.
   *
   * @param success false when the inner call reverted or ran out of gas
   * @param returnData what it returned (or its revert data)
   */
  public record Result(boolean success, Bytes returnData) {
    public Result {
      Objects.requireNonNull(returnData, "returnData");
    }
  }

  /** The {@code eth_call} to the multicall, encoded on first use (racy but idempotent). */
  @Override
  public EvmRequest request() {
    EvmRequest.EthCall encoded = request;
    if (encoded == null) {
      encoded = new EvmRequest.EthCall(multicall, encode(calls));
      request = encoded;
    }
    return encoded;
  }

  @Override
  public List<Result> decode(ReadOutcome.Answer answer) {
    if (!(answer instanceof ReadOutcome.Data data)) {
      throw new IllegalArgumentException("a call is answered with data");
    }
    AbiReader abi = AbiReader.of(data.bytes());
    int array = abi.follow(0, 0);
    int count = abi.length(array, WORD);
    if (count != calls.size()) {
      throw new AbiDecodingException(
          "aggregate3 answered " + count + " results for " + calls.size() + " calls");
    }
    int heads = array + WORD;
    List<Result> results = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      int tuple = abi.follow(heads + i * WORD, heads);
      boolean success = abi.bool(tuple);
      int returned = abi.follow(tuple + WORD, tuple);
      results.add(new Result(success, abi.bytes(returned)));
    }
    return List.copyOf(results);
  }

  /**
   * {@code aggregate3((address target, bool allowFailure, bytes callData)[])} with every {@code
   * allowFailure} true.
   */
  static Bytes encode(List<EvmRequest.EthCall> calls) {
    List<Bytes> tuples = new ArrayList<>(calls.size());
    for (EvmRequest.EthCall call : calls) {
      Bytes data = call.data();
      int padded = (data.length() + WORD - 1) / WORD * WORD;
      tuples.add(
          Bytes.concat(
              Bytes32.of(call.to()).bytes(),
              word(1),
              word(3 * WORD),
              word(data.length()),
              data,
              Bytes.of(new byte[padded - data.length()])));
    }
    List<Bytes> parts = new ArrayList<>();
    parts.add(SELECTOR);
    parts.add(word(WORD));
    parts.add(word(calls.size()));
    long offset = (long) calls.size() * WORD;
    for (Bytes tuple : tuples) {
      parts.add(word(offset));
      offset += tuple.length();
    }
    parts.addAll(tuples);
    return Bytes.concat(parts.toArray(Bytes[]::new));
  }

  private static Bytes word(long value) {
    return Bytes32.of(BigInteger.valueOf(value)).bytes();
  }
}
