package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How the service read a result's chain, as the result signs it ({@code readAssurance}, present
 * only when the request asked for an assurance): from one provider ({@code single}) or from a
 * quorum of {@code providers} independent providers that all agreed, out of {@code of} configured;
 * and, when the service's operator signs them, the configured names of the providers read.
 *
 * @param mode {@code single} or {@code quorum}
 * @param providers providers read, all agreeing
 * @param of independent providers the service has for the chain
 * @param names the signed {@code names} of the providers read, in signed order (the service sorts
 *     them); empty when the result names none (the operator's default)
 */
public record ReadAssurance(String mode, int providers, int of, List<String> names) {

  public ReadAssurance {
    Objects.requireNonNull(mode, "mode");
    names = List.copyOf(names);
  }

  /** An assurance that names no provider. */
  public ReadAssurance(String mode, int providers, int of) {
    this(mode, providers, of, List.of());
  }

  /** True for a quorum of at least {@code k} agreeing providers. */
  public boolean isQuorumOf(int k) {
    return "quorum".equals(mode) && providers >= k;
  }

  /** {@code ReadAssurance[mode=…, providers=…, of=…]}, then {@code , names=[…]} when named. */
  @Override
  public String toString() {
    return "ReadAssurance[mode="
        + mode
        + ", providers="
        + providers
        + ", of="
        + of
        + (names.isEmpty() ? "" : ", names=" + names)
        + "]";
  }

  /**
   * The member of a signed result, when it is well formed: {@code names}, when present, is an array
   * of exactly {@code providers} strings.
   */
  static Optional<ReadAssurance> of(JsonNode result) {
    return parse(result.get("readAssurance"));
  }

  /** One signed assurance object, when it is well formed (see {@link #of}). */
  static Optional<ReadAssurance> parse(JsonNode value) {
    if (value == null
        || !value.isObject()
        || !value.path("mode").isTextual()
        || !value.path("providers").canConvertToInt()
        || !value.path("of").canConvertToInt()) {
      return Optional.empty();
    }
    int providers = value.get("providers").intValue();
    List<String> names = new ArrayList<>();
    JsonNode named = value.get("names");
    if (named != null) {
      if (!named.isArray() || named.size() != providers) {
        return Optional.empty();
      }
      for (JsonNode name : named) {
        if (!name.isTextual()) {
          return Optional.empty();
        }
        names.add(name.textValue());
      }
    }
    return Optional.of(
        new ReadAssurance(
            value.get("mode").textValue(), providers, value.get("of").intValue(), names));
  }
}
