package org.walletstate.adapters.http.envelope;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.HexFormat;
import org.walletstate.application.port.Entropy;

/** Short random references that tie a 500 answer to its entry in the server log. */
@ApplicationScoped
public class ErrorReferences {

  private final Entropy entropy;

  @Inject
  public ErrorReferences(Entropy entropy) {
    this.entropy = entropy;
  }

  public String next() {
    return HexFormat.of().formatHex(entropy.bytes(6));
  }

  /** What the caller is told: nothing internal, only that it is safe to retry. */
  public static String message(String reference) {
    return "Unexpected server error (reference "
        + reference
        + "). Nothing was charged; it is safe to retry.";
  }
}
