package org.walletstate.adapters.chain.evm.web3j;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.walletstate.adapters.chain.evm.BlockHead;
import org.walletstate.adapters.chain.evm.HeadOutcome;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.evm.AccountProof;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.evm.read.ReadOutcome;
import org.web3j.protocol.core.Response;
import org.web3j.protocol.core.methods.response.EthBlock;
import org.web3j.protocol.core.methods.response.EthGetProof;
import org.web3j.protocol.exceptions.ClientConnectionException;

/**
 * What a node's answers mean: an answer, a revert, or a failure. Nothing here trusts web3j's own
 * interpretation ({@code EthCall.isReverted()} calls every error a revert, so a rate limit would
 * become a verdict); every answer is checked for its shape.
 */
final class Web3jAnswers {

  private static final Pattern QUANTITY = Pattern.compile("0x[0-9a-fA-F]{1,64}");
  private static final Pattern WORD = Pattern.compile("0x[0-9a-fA-F]{64}");
  private static final Pattern ADDRESS = Pattern.compile("0x[0-9a-fA-F]{40}");
  private static final Pattern WHITESPACE = Pattern.compile("\\s+");

  /**
   * Revert data as a JSON string, bare ({@code "0x…"}) or after a word ({@code "Reverted 0x…"}).
   */
  private static final Pattern REVERT_DATA =
      Pattern.compile("\"(?:reverted:?\\s*)?(0x(?:[0-9a-fA-F]{2})*)\"", Pattern.CASE_INSENSITIVE);

  private static final int DETAIL_LIMIT = 200;

  private Web3jAnswers() {}

  /** The head, from an {@code eth_getBlockByNumber("latest", false)} answer. */
  static HeadOutcome head(EthBlock answer) {
    return head(AnchorTag.LATEST, answer);
  }

  /** Block {@code number}, from an {@code eth_getBlockByNumber(number, false)} answer. */
  static HeadOutcome block(BigInteger number, EthBlock answer) {
    HeadOutcome outcome = head(AnchorTag.LATEST, answer);
    return outcome instanceof HeadOutcome.Read read && !read.head().number().equals(number)
        ? new HeadOutcome.Failed("asked for block " + number + ", got " + read.head().number())
        : outcome;
  }

  /** The block named {@code tag}, from an {@code eth_getBlockByNumber(tag, false)} answer. */
  static HeadOutcome head(AnchorTag tag, EthBlock answer) {
    if (answer == null) {
      return new HeadOutcome.Failed("empty answer to eth_getBlockByNumber");
    }
    if (answer.hasError()) {
      return new HeadOutcome.Failed(error(answer.getError()));
    }
    EthBlock.Block block = answer.getBlock();
    if (block == null) {
      return new HeadOutcome.Failed("eth_getBlockByNumber(" + tag.wire() + ") answered no block");
    }
    BigInteger number = quantity(block.getNumberRaw());
    BigInteger timestamp = quantity(block.getTimestampRaw());
    Bytes32 hash = word(block.getHash());
    Bytes32 stateRoot = word(block.getStateRoot());
    if (number == null || timestamp == null || hash == null || stateRoot == null) {
      return new HeadOutcome.Failed(
          "the "
              + tag.wire()
              + " block has a malformed number, timestamp, hash or state root: number="
              + clip(block.getNumberRaw())
              + " timestamp="
              + clip(block.getTimestampRaw()));
    }
    if (timestamp.bitLength() > 40) {
      return new HeadOutcome.Failed(
          "the " + tag.wire() + " block's timestamp is out of range: " + timestamp);
    }
    return new HeadOutcome.Read(
        new BlockHead(number, Instant.ofEpochSecond(timestamp.longValueExact()), hash, stateRoot));
  }

  /** The outcome of {@code request} from the node's {@code answer} to it. */
  static ReadOutcome outcome(EvmRequest request, Response<?> answer) {
    if (answer == null) {
      return new ReadOutcome.Failed("empty answer");
    }
    if (answer.hasError()) {
      Response.Error error = answer.getError();
      if ((request instanceof EvmRequest.EthCall
              || request instanceof EvmRequest.EthCallWithStorage)
          && isRevert(error)) {
        return new ReadOutcome.Reverted(revertData(error));
      }
      return new ReadOutcome.Failed(error(error));
    }
    Object result = answer.getResult();
    if (request instanceof EvmRequest.EthGetProof asked) {
      return result instanceof EthGetProof.Proof proof
          ? proof(asked, proof)
          : new ReadOutcome.Failed("eth_getProof answered no proof");
    }
    if (!(result instanceof String text)) {
      return new ReadOutcome.Failed("answer without a result");
    }
    if (request instanceof EvmRequest.EthGetBalance) {
      BigInteger wei = quantity(text);
      return wei == null
          ? new ReadOutcome.Failed("eth_getBalance result is not a quantity: " + clip(text))
          : new ReadOutcome.Quantity(wei);
    }
    Bytes data = hexData(text);
    return data == null
        ? new ReadOutcome.Failed("result is not 0x-prefixed hex bytes: " + clip(text))
        : new ReadOutcome.Data(data);
  }

  /**
   * An {@code eth_getProof} answer checked for its shape: every quantity, word and node is hex, and
   * the storage proofs answer the keys asked for, in order. Nothing here checks the nodes against a
   * state root; that is a verifier's work.
   */
  static ReadOutcome proof(EvmRequest.EthGetProof asked, EthGetProof.Proof proof) {
    try {
      String address = proof.getAddress();
      if (address == null || !ADDRESS.matcher(address).matches()) {
        return new ReadOutcome.Failed("eth_getProof address is malformed: " + clip(address));
      }
      List<AccountProof.StorageProof> slots = new ArrayList<>();
      List<EthGetProof.StorageProof> answered =
          proof.getStorageProof() == null ? List.of() : proof.getStorageProof();
      if (answered.size() != asked.storageKeys().size()) {
        return new ReadOutcome.Failed(
            "eth_getProof answered "
                + answered.size()
                + " storage proofs for "
                + asked.storageKeys().size()
                + " keys");
      }
      for (int i = 0; i < answered.size(); i++) {
        EthGetProof.StorageProof slot = answered.get(i);
        BigInteger key = requireQuantity(slot.getKey(), "storage key");
        if (!Bytes32.of(key).equals(asked.storageKeys().get(i))) {
          return new ReadOutcome.Failed("eth_getProof answered another storage key");
        }
        slots.add(
            new AccountProof.StorageProof(
                Bytes32.of(key),
                requireQuantity(slot.getValue(), "storage value"),
                nodes(slot.getProof())));
      }
      // the shape is checked above; the letter case of a node's answer carries no checksum promise
      return new ReadOutcome.Proof(
          new AccountProof(
              EvmAddress.of(address.toLowerCase(Locale.ROOT)),
              requireQuantity(proof.getNonce(), "nonce"),
              requireQuantity(proof.getBalanceRaw(), "balance"),
              requireWord(proof.getStorageHash(), "storageHash"),
              requireWord(proof.getCodeHash(), "codeHash"),
              nodes(proof.getAccountProof()),
              slots));
    } catch (IllegalArgumentException e) {
      return new ReadOutcome.Failed("eth_getProof answer is malformed: " + clip(e.getMessage()));
    }
  }

  private static List<Bytes> nodes(List<String> hex) {
    if (hex == null) {
      throw new IllegalArgumentException("a proof without nodes");
    }
    List<Bytes> nodes = new ArrayList<>();
    for (String node : hex) {
      Bytes bytes = node == null || node.length() < 4 ? null : hexData(node);
      if (bytes == null) {
        throw new IllegalArgumentException("a proof node is not hex bytes: " + clip(node));
      }
      nodes.add(bytes);
    }
    return nodes;
  }

  /**
   * {@code 0x} and whole bytes of hex digits (either case), decoded in one pass; null for anything
   * else. A batch's {@code aggregate3} answer is hundreds of kilobytes of hex, so no regex walks
   * it.
   */
  static Bytes hexData(String text) {
    if (!text.startsWith("0x") || text.length() % 2 != 0) {
      return null;
    }
    try {
      return Bytes.fromHex(text);
    } catch (IllegalArgumentException notHex) {
      return null;
    }
  }

  private static BigInteger requireQuantity(String text, String what) {
    // some nodes write a zero storage value as "0x" or pad quantities with zeros
    if ("0x".equals(text)) {
      return BigInteger.ZERO;
    }
    BigInteger value = quantity(text);
    if (value == null) {
      throw new IllegalArgumentException(what + " is not a quantity: " + text);
    }
    return value;
  }

  private static Bytes32 requireWord(String text, String what) {
    Bytes32 word = word(text);
    if (word == null) {
      throw new IllegalArgumentException(what + " is not 32 bytes: " + text);
    }
    return word;
  }

  /**
   * True when the error is the EVM's {@code REVERT} at the pinned block: JSON-RPC code 3 (geth,
   * reth, anvil, Nethermind), a message starting "execution reverted" (geth and Erigon without
   * revert data: code -32000; Besu), or revert data marked "Reverted" (older Nethermind and
   * OpenEthereum: "VM execution error."). Out of gas, invalid opcodes, rate limits and unknown
   * blocks are not reverts.
   */
  static boolean isRevert(Response.Error error) {
    if (error.getCode() == 3) {
      return true;
    }
    String message = error.getMessage() == null ? "" : error.getMessage().toLowerCase(Locale.ROOT);
    if (message.startsWith("execution reverted")) {
      return true;
    }
    String data = error.getData();
    return data != null && data.regionMatches(true, 0, "\"Reverted", 0, 9);
  }

  /**
   * The revert data: web3j keeps the error's {@code data} member as JSON text, so a hex string
   * arrives quoted. Anything else (absent, an object, malformed hex) is no revert data.
   */
  static Bytes revertData(Response.Error error) {
    String data = error.getData();
    if (data == null) {
      return Bytes.EMPTY;
    }
    Matcher m = REVERT_DATA.matcher(data.strip());
    return m.matches() ? Bytes.fromHex(m.group(1)) : Bytes.EMPTY;
  }

  /** A log line for an exception thrown while asking an endpoint. */
  static String describe(Throwable failure) {
    if (failure instanceof ClientConnectionException) {
      return "HTTP error: " + clip(failure.getMessage());
    }
    if (failure instanceof JsonProcessingException json) {
      return "malformed JSON answer: " + clip(json.getOriginalMessage());
    }
    if (failure instanceof ClassCastException || failure instanceof IndexOutOfBoundsException) {
      return "the answer to a batch is not one JSON-RPC answer per request";
    }
    if (failure instanceof IOException) {
      return "transport: " + failure.getClass().getSimpleName() + ": " + clip(failure.getMessage());
    }
    return "unexpected " + failure.getClass().getName() + ": " + clip(failure.getMessage());
  }

  static String error(Response.Error error) {
    return "JSON-RPC error " + error.getCode() + ": " + clip(error.getMessage());
  }

  static String clip(String text) {
    if (text == null) {
      return "null";
    }
    String oneLine = WHITESPACE.matcher(text).replaceAll(" ").strip();
    return oneLine.length() <= DETAIL_LIMIT ? oneLine : oneLine.substring(0, DETAIL_LIMIT) + "…";
  }

  private static BigInteger quantity(String text) {
    return text != null && QUANTITY.matcher(text).matches()
        ? new BigInteger(text.substring(2), 16)
        : null;
  }

  private static Bytes32 word(String text) {
    return text != null && WORD.matcher(text).matches() ? new Bytes32(Bytes.fromHex(text)) : null;
  }
}
