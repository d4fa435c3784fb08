package org.walletstate.domain.address;

/**
 * Text that is not a valid encoding: a character outside the alphabet, a checksum that does not
 * match, a length the encoding cannot produce. The message says what is wrong in a few words and
 * never repeats the input, so a caller can put it after its own naming of the field.
 */
public final class EncodingException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public EncodingException(String reason) {
    super(reason, null, false, false);
  }
}
