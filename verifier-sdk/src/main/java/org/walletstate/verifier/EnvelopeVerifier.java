package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.security.interfaces.ECPublicKey;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.walletstate.verifier.internal.CompactJws;
import org.walletstate.verifier.internal.Es256;
import org.walletstate.verifier.internal.IsoInstant;
import org.walletstate.verifier.internal.StrictJson;

/**
 * Verifies a multi-attestation envelope {@code {v: 1, attestations: [slot...], expired: []}}.
 * Nothing signs the envelope: each slot ({@code issuer, type, kid, alg, jwks, signed, sig, expiry})
 * is checked alone against the key set its own {@code jwks} URL names, so one slot can never move
 * another's verdict. Slots carry compact ES256 JWS in {@code sig} with {@code signed: null}.
 *
 * <p>Per slot, in order: form (the four required members; no object stapled beside a JWS), expiry
 * (when on, an expired slot is reported expired and its signature is not examined), key lookup by
 * kid in that slot's key set, then the signature.
 */
public final class EnvelopeVerifier {

  static final String MISSING_FIELDS = "Missing kid, alg, jwks, or sig";
  static final String STAPLED = "`signed` must be null when `sig` is a compact JWS";
  static final String EXPIRED = "Attestation expired";
  static final String SIGNATURE_INVALID = "ES256 JWT signature invalid";

  private static final Pattern DATED = Pattern.compile("^\\d{4}-.*", Pattern.DOTALL);

  private final KeySetResolver resolver;
  private final Clock clock;
  private final boolean checkExpiry;
  private final Set<String> requiredTypes;

  private EnvelopeVerifier(
      KeySetResolver resolver, Clock clock, boolean checkExpiry, Set<String> requiredTypes) {
    this.resolver = resolver;
    this.clock = clock;
    this.checkExpiry = checkExpiry;
    this.requiredTypes = requiredTypes;
  }

  public static Builder builder(KeySetResolver resolver) {
    return new Builder(resolver);
  }

  /** Verifies every slot of {@code envelopeJson} and summarizes them. */
  public EnvelopeReport verify(String envelopeJson) {
    JsonNode envelope;
    try {
      envelope = StrictJson.parse(envelopeJson);
    } catch (StrictJson.MalformedJson e) {
      return EnvelopeReport.malformed(e.getMessage());
    }
    JsonNode slots = envelope.get("attestations");
    if (!envelope.isObject() || slots == null || !slots.isArray()) {
      return EnvelopeReport.malformed("invalid payload: missing attestations array");
    }
    Map<String, KeySetOrProblem> keySets = new HashMap<>();
    List<SlotVerdict> verdicts = new ArrayList<>(slots.size());
    for (JsonNode slot : slots) {
      SlotVerdict verdict;
      try {
        verdict = verifySlot(slot, keySets);
      } catch (RuntimeException e) {
        verdict =
            new SlotVerdict(
                null, null, null, false, false, "verification threw: " + e.getMessage());
      }
      verdicts.add(verdict);
    }
    List<String> missing = new ArrayList<>();
    for (String type : requiredTypes) {
      boolean live =
          verdicts.stream()
              .anyMatch(
                  v -> type.equals(v.type().orElse(null)) && v.signatureValid() && !v.expired());
      if (!live) {
        missing.add(type);
      }
    }
    boolean allLive = verdicts.stream().allMatch(v -> v.signatureValid() && !v.expired());
    boolean valid = missing.isEmpty() && (!requiredTypes.isEmpty() || allLive);
    EnvelopeSummary summary =
        new EnvelopeSummary(
            verdicts.size(),
            (int) verdicts.stream().filter(SlotVerdict::signatureValid).count(),
            (int) verdicts.stream().filter(SlotVerdict::expired).count(),
            (int) verdicts.stream().filter(v -> !v.signatureValid() && !v.expired()).count(),
            missing);
    return new EnvelopeReport(valid, verdicts, summary, null);
  }

  private SlotVerdict verifySlot(JsonNode slot, Map<String, KeySetOrProblem> keySets) {
    if (slot == null || !slot.isObject()) {
      return new SlotVerdict(
          null, null, null, false, false, "Invalid attestation entry: expected an object");
    }
    String issuer = StatementChecks.textOrNull(slot.get("issuer"));
    String type = StatementChecks.textOrNull(slot.get("type"));
    String kid = StatementChecks.textOrNull(slot.get("kid"));
    String alg = StatementChecks.textOrNull(slot.get("alg"));
    String jwks = StatementChecks.textOrNull(slot.get("jwks"));
    String sig = StatementChecks.textOrNull(slot.get("sig"));
    if (isBlank(kid) || isBlank(alg) || isBlank(jwks) || isBlank(sig)) {
      return new SlotVerdict(issuer, type, kid, false, false, MISSING_FIELDS);
    }
    boolean compact = sig.split("\\.", -1).length == 3;
    JsonNode signed = slot.get("signed");
    if (compact && signed != null && !signed.isNull()) {
      return new SlotVerdict(issuer, type, kid, false, false, STAPLED);
    }
    if (checkExpiry && expired(slot.get("expiry"))) {
      return new SlotVerdict(issuer, type, kid, false, true, EXPIRED);
    }
    KeySetOrProblem keys = keySets.computeIfAbsent(jwks, this::resolve);
    if (keys.problem() != null) {
      return new SlotVerdict(issuer, type, kid, false, false, keys.problem());
    }
    if (!keys.keySet().kids().contains(kid)) {
      return new SlotVerdict(
          issuer, type, kid, false, false, "Key " + kid + " not found in JWKS at " + jwks);
    }
    if (!"ES256".equals(alg)) {
      return new SlotVerdict(issuer, type, kid, false, false, "Unsupported algorithm: " + alg);
    }
    KeySet.Lookup<ECPublicKey> key = keys.keySet().ecKey(kid);
    if (!key.isFound()) {
      return new SlotVerdict(issuer, type, kid, false, false, key.problem());
    }
    if (!compact) {
      return new SlotVerdict(
          issuer,
          type,
          kid,
          false,
          false,
          "sig is not a compact JWS (the only supported slot form)");
    }
    CompactJws jws;
    try {
      jws = CompactJws.parse(sig);
    } catch (IllegalArgumentException e) {
      return new SlotVerdict(issuer, type, kid, false, false, "malformed JWS: " + e.getMessage());
    }
    if (!"ES256".equals(jws.headerText("alg")) || !kid.equals(jws.headerText("kid"))) {
      return new SlotVerdict(
          issuer, type, kid, false, false, "JWS header must carry alg ES256 and the slot's kid");
    }
    boolean ok = Es256.verify(key.key(), jws.signingInput(), jws.signature());
    return new SlotVerdict(issuer, type, kid, ok, false, ok ? null : SIGNATURE_INVALID);
  }

  private boolean expired(JsonNode expiry) {
    if (expiry == null || !expiry.isTextual() || !DATED.matcher(expiry.textValue()).matches()) {
      return false;
    }
    Optional<Instant> at = IsoInstant.parse(expiry.textValue());
    return at.isEmpty() || at.get().isBefore(clock.instant());
  }

  private KeySetOrProblem resolve(String location) {
    try {
      return new KeySetOrProblem(resolver.resolve(URI.create(location)), null);
    } catch (IOException | IllegalArgumentException e) {
      return new KeySetOrProblem(
          null, "Key set at " + location + " unavailable: " + e.getMessage());
    }
  }

  private static boolean isBlank(String value) {
    return value == null || value.isEmpty();
  }

  private record KeySetOrProblem(KeySet keySet, String problem) {}

  /** Settings: checking expiry is on unless turned off; no type is required unless listed. */
  public static final class Builder {
    private final KeySetResolver resolver;
    private Clock clock = Clock.systemUTC();
    private boolean checkExpiry = true;
    private Set<String> requiredTypes = Set.of();

    // Same setter shape as AttestationVerifier.Builder's by design: each builder holds its own
    // settings.
    private Builder(KeySetResolver resolver) {
      this.resolver = Objects.requireNonNull(resolver, "resolver");
    }

    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /** Off only for reading historical envelopes: an expired slot then still verifies. */
    public Builder checkExpiry(boolean checkExpiry) {
      this.checkExpiry = checkExpiry;
      return this;
    }

    /** Types that must have at least one live (verified, unexpired) slot. */
    public Builder requiredTypes(List<String> types) {
      this.requiredTypes = new LinkedHashSet<>(List.copyOf(types));
      return this;
    }

    public EnvelopeVerifier build() {
      return new EnvelopeVerifier(
          resolver,
          clock,
          checkExpiry,
          Collections.unmodifiableSet(new LinkedHashSet<>(requiredTypes)));
    }
  }
}
