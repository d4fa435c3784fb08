package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * How the service read a result's chain, as the result signs it ({@code readAssurance}, present
 * only when the request asked for an assurance): from one provider ({@code single}) or from a
 * quorum of {@code providers} independent providers that all agreed, out of {@code of} configured.
 *
 * @param mode {@code single} or {@code quorum}
 * @param providers providers read, all agreeing
 * @param of independent providers the service has for the chain
 */
public record ReadAssurance(String mode, int providers, int of) {

  /** True for a quorum of at least {@code k} agreeing providers. */
  public boolean isQuorumOf(int k) {
    return "quorum".equals(mode) && providers >= k;
  }

  /** The member of a signed result, when it is well formed. */
  static Optional<ReadAssurance> of(JsonNode result) {
    JsonNode value = result.get("readAssurance");
    if (value == null
        || !value.isObject()
        || !value.path("mode").isTextual()
        || !value.path("providers").canConvertToInt()
        || !value.path("of").canConvertToInt()) {
      return Optional.empty();
    }
    return Optional.of(
        new ReadAssurance(
            value.get("mode").textValue(),
            value.get("providers").intValue(),
            value.get("of").intValue()));
  }
}
