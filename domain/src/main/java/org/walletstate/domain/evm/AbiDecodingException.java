package org.walletstate.domain.evm;

/**
 * Bytes that are not a valid ABI encoding of the expected type: too short, an offset out of bounds,
 * a value wider than its type. A chain answer that fails to decode is not a value, so the read it
 * answered did not complete.
 */
public final class AbiDecodingException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public AbiDecodingException(String message) {
    super(message, null, false, false);
  }
}
