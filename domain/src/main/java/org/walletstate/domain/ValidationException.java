package org.walletstate.domain;

/**
 * Input that breaks a rule of the interface. The message is written for the caller: it names the
 * field and the offending value, and it never names an internal component.
 */
public final class ValidationException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ValidationException(String message) {
    super(message, null, false, false);
  }
}
