package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A discount verification whose every check passed. Only {@link AttestationVerifier} makes these.
 */
public final class VerifiedDiscount {

  private final JsonNode discount;
  private final Instant createdAt;
  private final Instant expiresAt;
  private final String kid;
  private final DiscountVerificationReport report;

  VerifiedDiscount(
      JsonNode discount,
      Instant createdAt,
      Instant expiresAt,
      String kid,
      DiscountVerificationReport report) {
    // Same fields and accessors as VerifiedTrustProfile's by design: each public type names its own
    // members.
    this.discount = discount.deepCopy();
    this.createdAt = createdAt;
    this.expiresAt = expiresAt;
    this.kid = kid;
    this.report = report;
  }

  /** The discount code ({@code SVC-} and 5 characters). */
  public String code() {
    return discount.path("code").asText();
  }

  public String merchantId() {
    return discount.path("merchantId").asText();
  }

  /** Whether the wallet qualified for anything at the store. */
  public boolean verified() {
    return discount.path("verified").asBoolean();
  }

  /** The whole percent the code carries. */
  public int discountPercent() {
    return discount.path("discountPercent").asInt();
  }

  public boolean walletProven() {
    return discount.path("walletProven").asBoolean();
  }

  /** What a proof of wallet control would give, when the unproven limit lowered the discount. */
  public OptionalInt discountIfProven() {
    JsonNode value = discount.get("discountIfProven");
    return value != null && value.isIntegralNumber()
        ? OptionalInt.of(value.intValue())
        : OptionalInt.empty();
  }

  /**
   * How each chain of the holdings was read, when the request asked ({@code "assurance"}): the
   * signed {@code readAssurance} array as chain id (its text: {@code "1"} for Ethereum) to
   * assurance, in signed order; an empty map when no chain was read. Empty when the statement
   * carries no {@code readAssurance} (a request without the option) or a malformed one.
   */
  public Optional<Map<String, ReadAssurance>> readAssurance() {
    JsonNode value = discount.get("readAssurance");
    if (value == null || !value.isArray()) {
      return Optional.empty();
    }
    Map<String, ReadAssurance> byChain = new LinkedHashMap<>();
    for (JsonNode entry : value) {
      JsonNode chain = entry.get("chainId");
      Optional<ReadAssurance> read = ReadAssurance.parse(entry);
      if (chain == null
          || !(chain.isIntegralNumber() || chain.isTextual())
          || read.isEmpty()
          || byChain.put(chain.asText(), read.get()) != null) {
        return Optional.empty();
      }
    }
    return Optional.of(Collections.unmodifiableMap(byChain));
  }

  /**
   * This discount, when every chain its holdings were read from was read from a quorum of at least
   * {@code k} agreeing independent providers (its signed {@code readAssurance}); a statement that
   * read no chain passes.
   *
   * @throws InsufficientAssuranceException naming the first chain read otherwise, or saying that
   *     the statement carries no readAssurance
   */
  public VerifiedDiscount requireQuorum(int k) {
    if (k < 2) {
      throw new IllegalArgumentException("a quorum is at least 2 providers, got " + k);
    }
    Map<String, ReadAssurance> reads =
        readAssurance()
            .orElseThrow(
                () ->
                    new InsufficientAssuranceException(
                        "discount "
                            + code()
                            + " was not read from a quorum of at least "
                            + k
                            + " providers: no readAssurance"));
    reads.forEach(
        (chain, read) -> {
          if (!read.isQuorumOf(k)) {
            throw new InsufficientAssuranceException(
                "discount "
                    + code()
                    + ": chain "
                    + chain
                    + " was not read from a quorum of at least "
                    + k
                    + " providers: "
                    + read);
          }
        });
    return this;
  }

  // Accessors in the same shape as VerifiedPass's and VerifiedAttestation's by design.
  public Instant createdAt() {
    return createdAt;
  }

  public Instant expiresAt() {
    return expiresAt;
  }

  public String kid() {
    return kid;
  }

  /** The whole signed statement (a copy). */
  public JsonNode asJson() {
    return discount.deepCopy();
  }

  public DiscountVerificationReport report() {
    return report;
  }

  @Override
  public String toString() {
    return "VerifiedDiscount[" + code() + ", kid=" + kid + "]";
  }
}
