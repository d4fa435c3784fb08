package org.walletstate.adapters.persistence;

/**
 * Thrown inside a transaction to roll it back with the answer to give instead (a refusal found
 * half-way, after rows were locked or written); the caller recovers it outside the transaction with
 * {@link #answer(Class)}. Carries no stack trace: it is an answer, not an error.
 */
public final class RolledBack extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient Object answer;

  public RolledBack(Object answer) {
    super(null, null, false, false);
    this.answer = answer;
  }

  /** The answer given when rolling back, as {@code type}. */
  public static <T> T answer(Throwable rolledBack, Class<T> type) {
    return type.cast(((RolledBack) rolledBack).answer);
  }
}
