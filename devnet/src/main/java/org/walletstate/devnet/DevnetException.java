package org.walletstate.devnet;

/** The devnet could not be started, read or stopped. */
public class DevnetException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public DevnetException(String message) {
    super(message);
  }

  public DevnetException(String message, Throwable cause) {
    super(message, cause);
  }
}
