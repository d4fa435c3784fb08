package org.walletstate.adapters.http.envelope;

import java.util.HexFormat;
import org.jboss.logging.Logger;
import org.walletstate.application.port.out.Entropy;

/** Short random references that tie a 500 answer to its entry in the server log. */
public class ErrorReferences {

  private static final Logger LOG = Logger.getLogger(ErrorReferences.class);

  private final Entropy entropy;

  public ErrorReferences(Entropy entropy) {
    this.entropy = entropy;
  }

  /**
   * Logs {@code failure} under a fresh reference and returns what the caller is told: the
   * reference, nothing internal, and that it is safe to retry.
   */
  public String logged(Throwable failure) {
    String reference = HexFormat.of().formatHex(entropy.bytes(6));
    LOG.errorf(failure, "Unexpected failure, reference %s", reference);
    return "Unexpected server error (reference "
        + reference
        + "). Nothing was charged; it is safe to retry.";
  }
}
