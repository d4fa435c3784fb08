package org.walletstate.devnet;

import com.fasterxml.jackson.databind.JsonNode;

/** A JSON-RPC error answer: the node understood the request and refused it (e.g. a revert). */
public final class JsonRpcException extends DevnetException {
  private static final long serialVersionUID = 1L;

  private final long code;
  private final transient JsonNode data;

  JsonRpcException(String method, long code, String message, JsonNode data) {
    super(method + " failed (" + code + "): " + message);
    this.code = code;
    this.data = data;
  }

  public long code() {
    return code;
  }

  /** The error's {@code data} member, e.g. revert data; a missing node when absent. */
  public JsonNode data() {
    return data;
  }
}
