package org.walletstate.application.commerce.port.in;

/** The outcome of an operation only a merchant's owner key may perform. */
public sealed interface OwnerResult<T> {

  record Done<T>(T value) implements OwnerResult<T> {}

  /** No merchant with that id (404). */
  record NotFound<T>() implements OwnerResult<T> {}

  /** The key may not do this to the merchant (403): it is not the owner, or not a partner. */
  record Forbidden<T>(String message) implements OwnerResult<T> {}

  /** The merchant's state does not allow it now (409). */
  record Conflict<T>(String message) implements OwnerResult<T> {}
}
