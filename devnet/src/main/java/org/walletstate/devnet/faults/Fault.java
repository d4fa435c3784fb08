package org.walletstate.devnet.faults;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What the proxy does with a request a {@link Rule} picked. Each fault is a record; {@link #kind()}
 * is the name it is counted under in {@link ProxyCounts}.
 */
public sealed interface Fault
    permits Fault.PassThrough,
        Fault.Delay,
        Fault.Hang,
        Fault.HttpStatus,
        Fault.MalformedJson,
        Fault.RpcError,
        Fault.DropConnection,
        Fault.MoveHead {

  /** A short stable name: {@code pass_through}, {@code delay}, {@code hang}, ... */
  String kind();

  /** Forward to the node and its answer back (what happens when no rule applies). */
  static Fault passThrough() {
    return new PassThrough();
  }

  /** Wait {@code delay}, then pass through. */
  static Fault delay(Duration delay) {
    return new Delay(delay);
  }

  /**
   * Never answer: hold the connection open until the rules are cleared, the proxy is reset or
   * closed (or 10 minutes pass), then drop it.
   */
  static Fault hang() {
    return new Hang();
  }

  /** Answer with this HTTP status and a short text body; a 429 also carries {@code Retry-After}. */
  static Fault status(int status) {
    return new HttpStatus(status);
  }

  /** HTTP 429 with {@code Retry-After: 1}. */
  static Fault rateLimited() {
    return new HttpStatus(429);
  }

  /** HTTP 200 with a body that is cut off in the middle of a JSON value. */
  static Fault malformedJson() {
    return new MalformedJson();
  }

  /**
   * Answer the calls the rule's match selects with a JSON-RPC error object ({@code code}, {@code
   * message}); the other calls of a batch are passed through and answered normally.
   */
  static Fault rpcError(int code, String message) {
    return new RpcError(code, message);
  }

  /** Close the connection without any answer. */
  static Fault dropConnection() {
    return new DropConnection();
  }

  /**
   * Pass through, then mine one block on the node before answering: the chain's head moves on
   * between this answer (say, the head read an observation anchors to) and the next request.
   */
  static Fault moveHead() {
    return new MoveHead(1, List.of());
  }

  /**
   * Pass through, then send {@code changes} to the node before answering, so the new head differs
   * in state from the block this answer saw. Make state changes with transactions ({@code
   * eth_sendTransaction} from a dev or impersonated account): anvil mines each in a block of its
   * own, and the proxy waits for each one's receipt before it answers. Cheat calls such as {@code
   * anvil_setBalance} change the state anvil serves for the current head itself, so they would
   * alter the very block the answer anchored to.
   */
  static Fault moveHead(RpcCall... changes) {
    return new MoveHead(0, List.of(changes));
  }

  // One record per fault, each naming its kind, by design: the cases of this sealed interface.
  /** See {@link #passThrough()}. */
  record PassThrough() implements Fault {
    @Override
    public String kind() {
      return "pass_through";
    }
  }

  /** See {@link #delay(Duration)}. */
  record Delay(Duration delay) implements Fault {
    public Delay {
      Objects.requireNonNull(delay, "delay");
      if (delay.isNegative()) {
        throw new IllegalArgumentException("delay must not be negative, got " + delay);
      }
    }

    @Override
    public String kind() {
      return "delay";
    }
  }

  /** See {@link #hang()}. */
  record Hang() implements Fault {
    @Override
    public String kind() {
      return "hang";
    }
  }

  /** See {@link #status(int)}. */
  record HttpStatus(int status) implements Fault {
    public HttpStatus {
      if (status < 200 || status > 599) {
        throw new IllegalArgumentException("not an HTTP status: " + status);
      }
    }

    @Override
    public String kind() {
      return "http_" + status;
    }
  }

  /** See {@link #malformedJson()}. */
  record MalformedJson() implements Fault {
    @Override
    public String kind() {
      return "malformed_json";
    }
  }

  /** See {@link #rpcError(int, String)}. */
  record RpcError(int code, String message) implements Fault {
    public RpcError {
      Objects.requireNonNull(message, "message");
    }

    @Override
    public String kind() {
      return "rpc_error";
    }
  }

  /** See {@link #dropConnection()}. */
  record DropConnection() implements Fault {
    @Override
    public String kind() {
      return "drop_connection";
    }
  }

  /**
   * See {@link #moveHead()} and {@link #moveHead(RpcCall...)}: after passing the request through,
   * the proxy sends {@code changes}, then mines {@code blocks} empty blocks.
   */
  record MoveHead(int blocks, List<RpcCall> changes) implements Fault {
    public MoveHead {
      changes = List.copyOf(changes);
      if (blocks < 0 || blocks == 0 && changes.isEmpty()) {
        throw new IllegalArgumentException(
            "the head moves by at least one block or one change, got " + blocks + " blocks");
      }
    }

    @Override
    public String kind() {
      return "move_head";
    }
  }
}
