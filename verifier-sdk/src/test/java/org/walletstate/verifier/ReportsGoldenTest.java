package org.walletstate.verifier;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Every verdict, reason and accepted value the verifier gives on a fixed corpus (the conformance
 * vectors read both ways and at several clocks, and edited copies that reach each refusal), against
 * a committed golden text ({@code src/test/resources/golden/reports.txt}). It pins the verifier's
 * observable behaviour to the letter. Regenerate with {@code -Dgolden.write=true} only when a
 * verdict or reason changes on purpose.
 */
class ReportsGoldenTest {

  private static final Path GOLDEN = Path.of("src/test/resources/golden/reports.txt");
  private static final boolean WRITE = Boolean.getBoolean("golden.write");

  private static final Instant ISSUED = Instant.parse("2026-08-28T22:25:11.944Z");
  private static final String ATTESTATION = "01-token-balance-met";
  private static final String WITH_COMPANION = "12-pq-companion-v2";
  private static final String WITH_TOKENS = "26-jwt-format-whole-response";
  private static final String TRUST = "18-trust-profile-not-evaluated";

  @Test
  void verifier_givesTheCommittedVerdictsAndReasons() throws IOException {
    String text = corpus().text();
    if (WRITE) {
      Files.createDirectories(GOLDEN.getParent());
      Files.writeString(GOLDEN, text, StandardCharsets.UTF_8);
    }
    assertThat(text).isEqualTo(Files.readString(GOLDEN, StandardCharsets.UTF_8));
  }

  /** The corpus run once: its golden text and every verification in it. */
  static Transcript corpus() {
    Transcript out = new Transcript();
    vectorsAtSeveralClocks(out);
    editedAttestations(out);
    editedTrustProfiles(out);
    tokenPaths(out);
    policies(out);
    return out;
  }

  private static void vectorsAtSeveralClocks(Transcript out) {
    Iterator<String> names = Conformance.vectors().fieldNames();
    while (names.hasNext()) {
      String name = names.next();
      JsonNode vector = Conformance.vectors().get(name);
      String response = Conformance.write(vector.get("response"));
      List<Instant> clocks =
          List.of(
              Conformance.AFTER_ALL_WINDOWS.instant(),
              ISSUED.plusSeconds(30),
              Instant.parse("2026-09-01T23:31:00Z"));
      for (Instant now : clocks) {
        AttestationVerifier plain =
            ConformanceVectorsTest.verifierFor(vector, Clock.fixed(now, ZoneOffset.UTC));
        both(out, name + " at " + now, plain, response);
      }
      AttestationVerifier strict =
          builderFor(vector)
              .clock(Clock.fixed(Instant.parse("2026-09-01T23:31:00Z"), ZoneOffset.UTC))
              .maxAge(Duration.ofMinutes(5))
              .clockSkew(Duration.ofSeconds(1))
              .build();
      both(out, name + " with maxAge", strict, response);
    }
  }

  private static void editedAttestations(Transcript out) {
    List<Map.Entry<String, Consumer<ObjectNode>>> edits = new ArrayList<>();
    edits.add(Map.entry("no sig", d -> d.remove("sig")));
    edits.add(Map.entry("empty sig", d -> d.put("sig", "")));
    edits.add(Map.entry("sig not base64", d -> d.put("sig", "***")));
    edits.add(Map.entry("short sig", d -> d.put("sig", "AAAA")));
    edits.add(Map.entry("sig a number", d -> d.put("sig", 5)));
    edits.add(Map.entry("no kid", d -> d.remove("kid")));
    edits.add(Map.entry("trust kid", d -> d.put("kid", "insumer-trust-v2")));
    edits.add(Map.entry("v1 kid", d -> d.put("kid", "insumer-attest-v1")));
    edits.add(Map.entry("unknown kid", d -> d.put("kid", "insumer-attest-v9")));
    edits.add(Map.entry("no attestation", d -> d.remove("attestation")));
    edits.add(Map.entry("attestation a string", d -> d.put("attestation", "x")));
    for (String member : List.of("id", "pass", "results", "attestedAt", "expiresAt")) {
      edits.add(Map.entry("no " + member, d -> statement(d).remove(member)));
      edits.add(Map.entry(member + " an object", d -> statement(d).putObject(member)));
    }
    edits.add(Map.entry("attestedAt garbage", d -> statement(d).put("attestedAt", "soon")));
    edits.add(Map.entry("expiresAt garbage", d -> statement(d).put("expiresAt", "later")));
    edits.add(
        Map.entry("expiresAt far", d -> statement(d).put("expiresAt", "2026-08-29T22:25:11.944Z")));
    edits.add(Map.entry("passCount edited", d -> statement(d).put("passCount", 7)));
    edits.add(Map.entry("id edited", d -> statement(d).put("id", "ATST-0000000000000000")));
    edits.add(Map.entry("blockTimestamp garbage", d -> result(d).put("blockTimestamp", "x")));
    edits.add(Map.entry("blockTimestamp a number", d -> result(d).put("blockTimestamp", 5)));
    edits.add(Map.entry("blockTimestamp empty", d -> result(d).put("blockTimestamp", "")));
    edits.add(Map.entry("no evaluatedCondition", d -> result(d).remove("evaluatedCondition")));
    edits.add(Map.entry("conditionHash edited", d -> result(d).put("conditionHash", "0x00")));
    edits.add(Map.entry("conditionHash a number", d -> result(d).put("conditionHash", 1)));
    edits.add(Map.entry("result a string", d -> results(d).set(0, d.textNode("x"))));
    edits.add(Map.entry("results empty", d -> results(d).removeAll()));
    edits.add(
        Map.entry(
            "delegation",
            d ->
                ((ObjectNode) result(d).get("evaluatedCondition"))
                    .put("type", "erc7710_delegation")));
    edits.add(
        Map.entry(
            "nested deep",
            d -> {
              ArrayNode deep = result(d).putArray("deep");
              for (int i = 0; i < 200; i++) {
                deep = deep.addArray();
              }
            }));
    edits.add(Map.entry("pqSig without pqKid", d -> d.put("pqSig", "AAAA")));
    edits.add(
        Map.entry(
            "pqKid trust companion",
            d -> d.put("pqSig", "AAAA").put("pqKid", "insumer-trust-pq1")));
    edits.add(
        Map.entry("pqKid unknown", d -> d.put("pqSig", "AAAA").put("pqKid", "insumer-attest-pq9")));
    edits.add(Map.entry("pqJwt alone", d -> d.put("pqJwt", "a.b.c")));
    edits.add(Map.entry("jwt garbage", d -> d.put("jwt", "a.b.c")));
    edits.add(Map.entry("jwt a number", d -> d.put("jwt", 5)));
    edits.add(Map.entry("jwt null", d -> d.putNull("jwt")));
    for (String vector : List.of(ATTESTATION, WITH_COMPANION)) {
      for (Map.Entry<String, Consumer<ObjectNode>> edit : edits) {
        edited(out, vector, edit.getKey(), edit.getValue(), false);
      }
    }

    List<Map.Entry<String, Consumer<ObjectNode>>> companion = new ArrayList<>();
    companion.add(Map.entry("pqSig not base64", d -> d.put("pqSig", "***")));
    companion.add(Map.entry("pqSig edited", d -> d.put("pqSig", "AAAA" + d.get("pqSig").asText())));
    companion.add(Map.entry("no pqKid", d -> d.remove("pqKid")));
    companion.add(Map.entry("pqKid of trust", d -> d.put("pqKid", "insumer-trust-pq1")));
    companion.add(Map.entry("v1 kid", d -> d.put("kid", "insumer-attest-v1")));
    companion.add(Map.entry("label edited", d -> result(d).put("label", "other")));
    for (Map.Entry<String, Consumer<ObjectNode>> edit : companion) {
      edited(out, WITH_COMPANION, edit.getKey(), edit.getValue(), false);
    }

    List<Map.Entry<String, Consumer<ObjectNode>>> tokens = new ArrayList<>();
    tokens.add(Map.entry("no jwt", d -> d.remove("jwt")));
    tokens.add(Map.entry("no pqJwt", d -> d.remove("pqJwt")));
    tokens.add(Map.entry("jwt garbage", d -> d.put("jwt", "x.y.z")));
    tokens.add(Map.entry("jwt of another", d -> d.put("jwt", jwtOf("17-pq-jwt-companion"))));
    tokens.add(Map.entry("kid v1", d -> d.put("kid", "insumer-attest-v1")));
    tokens.add(Map.entry("id edited", d -> statement(d).put("id", "ATST-0000000000000000")));
    tokens.add(
        Map.entry(
            "expiresAt edited", d -> statement(d).put("expiresAt", "2026-09-01T23:40:00.000Z")));
    tokens.add(Map.entry("pqJwt garbage", d -> d.put("pqJwt", "x.y.z")));
    for (Map.Entry<String, Consumer<ObjectNode>> edit : tokens) {
      edited(out, WITH_TOKENS, edit.getKey(), edit.getValue(), false);
    }
    line(out, "== not JSON");
    attestation(out, at(ISSUED), "{\"data\":");
    line(out, "== an array");
    attestation(out, at(ISSUED), "[1]");
    line(out, "== data a number");
    attestation(out, at(ISSUED), "{\"data\":5}");
    line(out, "== bare object");
    attestation(out, at(ISSUED), "{}");
    line(out, "== attestation at the root");
    attestation(
        out,
        at(ISSUED.plusSeconds(30)),
        Conformance.write(Conformance.vectors().get(ATTESTATION).at("/response/data")));
  }

  private static void editedTrustProfiles(Transcript out) {
    List<Map.Entry<String, Consumer<ObjectNode>>> edits = new ArrayList<>();
    edits.add(Map.entry("no sig", d -> d.remove("sig")));
    edits.add(Map.entry("empty sig", d -> d.put("sig", "")));
    edits.add(Map.entry("sig not base64", d -> d.put("sig", "***")));
    edits.add(Map.entry("short sig", d -> d.put("sig", "AAAA")));
    edits.add(Map.entry("no kid", d -> d.remove("kid")));
    edits.add(Map.entry("attest v2 kid", d -> d.put("kid", "insumer-attest-v2")));
    edits.add(Map.entry("attest v1 kid", d -> d.put("kid", "insumer-attest-v1")));
    edits.add(Map.entry("unknown kid", d -> d.put("kid", "insumer-trust-v9")));
    edits.add(Map.entry("no trust", d -> d.remove("trust")));
    edits.add(Map.entry("trust false", d -> d.put("trust", false)));
    for (String member : List.of("wallet", "dimensions", "summary", "profiledAt", "expiresAt")) {
      edits.add(Map.entry("no " + member, d -> trust(d).remove(member)));
      edits.add(Map.entry(member + " a number", d -> trust(d).put(member, 3)));
    }
    edits.add(Map.entry("profiledAt garbage", d -> trust(d).put("profiledAt", "soon")));
    edits.add(Map.entry("expiresAt garbage", d -> trust(d).put("expiresAt", "later")));
    edits.add(Map.entry("wallet edited", d -> trust(d).put("wallet", "0x00")));
    edits.add(Map.entry("id removed", d -> trust(d).remove("id")));
    edits.add(
        Map.entry(
            "check blockTimestamp garbage", d -> firstCheck(d).put("blockTimestamp", "yesterday")));
    edits.add(
        Map.entry(
            "check blockTimestamp old",
            d -> firstCheck(d).put("blockTimestamp", "2020-01-01T00:00:00.000Z")));
    edits.add(Map.entry("checks not an array", d -> firstDimension(d).put("checks", 1)));
    edits.add(Map.entry("pqSig removed", d -> d.remove("pqSig")));
    edits.add(Map.entry("pqKid removed", d -> d.remove("pqKid")));
    edits.add(Map.entry("pqKid attest companion", d -> d.put("pqKid", "insumer-attest-pq1")));
    edits.add(Map.entry("pqSig not base64", d -> d.put("pqSig", "***")));
    edits.add(
        Map.entry(
            "nested deep",
            d -> {
              ArrayNode deep = trust(d).putArray("deep");
              for (int i = 0; i < 200; i++) {
                deep = deep.addArray();
              }
            }));
    for (Map.Entry<String, Consumer<ObjectNode>> edit : edits) {
      edited(out, TRUST, edit.getKey(), edit.getValue(), true);
    }
    JsonNode data = Conformance.vectors().get(TRUST).at("/response/data");
    Instant profiled = Instant.parse(data.at("/trust/profiledAt").asText());
    line(out, "== trust at the root");
    trustProfile(out, at(profiled.plusSeconds(30)), Conformance.write(data));
    line(out, "== trust not JSON");
    trustProfile(out, at(profiled), "{\"trust\":");
    line(out, "== trust a bare token");
    trustProfile(out, at(profiled), "a.b.c");
    line(out, "== trust beside a root trust");
    ObjectNode both = (ObjectNode) Conformance.vectors().get(TRUST).get("response").deepCopy();
    both.set("trust", data.get("trust"));
    ((ObjectNode) both.get("data")).put("trust", 0);
    trustProfile(out, at(profiled.plusSeconds(30)), Conformance.write(both));
  }

  private static void tokenPaths(Transcript out) {
    for (String name : List.of("17-pq-jwt-companion", "24-pq-jwt-subject-differs", WITH_TOKENS)) {
      JsonNode data = Conformance.vectors().get(name).at("/response/data");
      Instant issued = Instant.parse("2026-09-01T23:30:53Z");
      String jwt = data.get("jwt").asText();
      String pqJwt = data.get("pqJwt").asText();
      for (Instant now : List.of(issued, issued.plus(Duration.ofHours(3)))) {
        AttestationVerifier verifier = at(now);
        line(out, "== " + name + " bare jwt at " + now);
        attestation(out, verifier, jwt);
        line(out, "== " + name + " reportToken with companion at " + now);
        describe(out, token(out, verifier, jwt, pqJwt));
        line(out, "== " + name + " verifyToken without companion at " + now);
        try {
          out.record(Transcript.Kind.TOKEN, verifier, jwt, null);
          describe(out, verifier.verifyToken(jwt, null));
        } catch (AttestationRejectedException e) {
          line(out, "rejected " + e.check() + ": " + e.getMessage());
        }
        line(out, "== " + name + " tokens-only wrapper at " + now);
        attestation(
            out,
            verifier,
            "{\"data\":{\"jwt\":" + quoted(jwt) + ",\"pqJwt\":" + quoted(pqJwt) + "}}");
      }
      line(out, "== " + name + " jwt with a bad signature");
      String broken = jwt.substring(0, jwt.lastIndexOf('.') + 1) + "AAAA";
      describe(out, token(out, at(issued), broken, pqJwt));
      line(out, "== " + name + " jwt not a JWS");
      describe(out, token(out, at(issued), "nope", null));
      line(out, "== " + name + " companion swapped");
      describe(out, token(out, at(issued), jwt, jwt));
    }
  }

  private static void policies(Transcript out) {
    String companion = Conformance.write(Conformance.vectors().get(WITH_COMPANION).get("response"));
    String absent =
        Conformance.write(Conformance.vectors().get("16-pq-absent-under-cutoff").get("response"));
    String trust = Conformance.write(Conformance.vectors().get(TRUST).get("response"));
    Instant cutoff = Instant.parse("2026-09-01T00:00:00Z");
    for (Mode mode : Mode.values()) {
      AttestationVerifier verifier =
          AttestationVerifier.builder(Conformance.savedKeySet())
              .namespace(Conformance.INSUMER)
              .clock(Clock.fixed(Instant.parse("2026-09-01T23:31:00Z"), ZoneOffset.UTC))
              .pqRequiredFrom(cutoff)
              .pqActivatedAt(Instant.parse("2026-09-01T23:30:53Z"))
              .mode(mode)
              .build();
      line(out, "== policy " + mode + " companion");
      attestation(out, verifier, companion);
      line(out, "== policy " + mode + " absent");
      attestation(out, verifier, absent);
      line(out, "== policy " + mode + " trust");
      trustProfile(out, verifier, trust);
    }
    AttestationVerifier service =
        AttestationVerifier.builder(Conformance.savedKeySet())
            .clock(Clock.fixed(ISSUED.plusSeconds(30), ZoneOffset.UTC))
            .build();
    line(out, "== service namespace on insumer attestation");
    attestation(out, service, companion);
    line(out, "== service namespace on insumer trust");
    trustProfile(out, service, trust);
    AttestationVerifier empty =
        AttestationVerifier.builder(KeySet.empty())
            .namespace(Conformance.INSUMER)
            .clock(Clock.fixed(ISSUED.plusSeconds(30), ZoneOffset.UTC))
            .build();
    line(out, "== empty key set");
    attestation(out, empty, companion);
    trustProfile(out, empty, trust);
  }

  // ---- running and describing ------------------------------------------------------------------

  private static void edited(
      Transcript out, String vector, String what, Consumer<ObjectNode> edit, boolean trust) {
    ObjectNode response = (ObjectNode) Conformance.vectors().get(vector).get("response").deepCopy();
    edit.accept((ObjectNode) response.get("data"));
    String text = Conformance.write(response);
    JsonNode original = Conformance.vectors().get(vector).at("/response/data");
    Instant issued =
        Instant.parse(
            trust
                ? original.at("/trust/profiledAt").asText()
                : original.at("/attestation/attestedAt").asText());
    AttestationVerifier verifier =
        AttestationVerifier.builder(Conformance.savedKeySet())
            .namespace(Conformance.INSUMER)
            .clock(Clock.fixed(issued.plusSeconds(30), ZoneOffset.UTC))
            .maxAge(Duration.ofMinutes(10))
            .build();
    line(out, "== " + vector + ": " + what);
    if (trust) {
      trustProfile(out, verifier, text);
    } else {
      attestation(out, verifier, text);
    }
  }

  private static void both(Transcript out, String name, AttestationVerifier verifier, String r) {
    line(out, "== " + name + " as attestation");
    attestation(out, verifier, r);
    line(out, "== " + name + " as trust profile");
    trustProfile(out, verifier, r);
  }

  private static VerificationReport token(
      Transcript out, AttestationVerifier verifier, String jwt, String pqJwt) {
    out.record(Transcript.Kind.TOKEN, verifier, jwt, pqJwt);
    return verifier.reportToken(jwt, pqJwt);
  }

  private static void attestation(Transcript out, AttestationVerifier verifier, String text) {
    out.record(Transcript.Kind.ATTESTATION, verifier, text, null);
    describe(out, verifier.report(text));
    try {
      describe(out, verifier.verify(text));
    } catch (AttestationRejectedException e) {
      line(out, "rejected " + e.check() + ": " + e.getMessage());
    }
  }

  private static void trustProfile(Transcript out, AttestationVerifier verifier, String text) {
    out.record(Transcript.Kind.TRUST, verifier, text, null);
    TrustProfileReport report = verifier.reportTrustProfile(text);
    line(out, "structure " + report.structure());
    line(out, "signature " + report.signature());
    line(out, "freshness " + report.freshness());
    line(out, "expiry " + report.expiry());
    pq(out, "pq", report.pq());
    line(
        out,
        "kid " + report.kid() + "; failed " + report.failedChecks() + "; valid " + report.valid());
    line(out, "toString " + report);
    try {
      VerifiedTrustProfile profile = verifier.verifyTrustProfile(text);
      line(
          out,
          "accepted "
              + profile
              + " wallet "
              + profile.wallet()
              + " set "
              + profile.conditionSetVersion()
              + " profiledAt "
              + profile.profiledAt()
              + " expiresAt "
              + profile.expiresAt()
              + " kid "
              + profile.kid()
              + " json "
              + profile.asJson().size());
    } catch (Exception e) {
      line(out, "rejected " + e.getMessage());
    }
  }

  private static void describe(Transcript out, VerificationReport report) {
    line(out, "structure " + report.structure());
    line(out, "signature " + report.signature());
    line(
        out,
        "conditionHashes " + report.conditionHashes() + " at " + report.conditionHashFailures());
    line(out, "freshness " + report.freshness());
    line(out, "expiry " + report.expiry());
    pq(out, "pq", report.pq());
    report
        .jwt()
        .ifPresent(
            jwt -> {
              line(out, "jwt " + jwt.passed() + " " + jwt.reason());
              jwt.pq().ifPresent(pq -> pq(out, "pqJwt", pq));
            });
    line(
        out,
        "kid " + report.kid() + "; failed " + report.failedChecks() + "; valid " + report.valid());
    line(out, "toString " + report);
  }

  private static void describe(Transcript out, VerifiedAttestation attestation) {
    StringBuilder results = new StringBuilder();
    for (VerifiedResult result : attestation.results()) {
      results
          .append(result)
          .append(result.type())
          .append(result.label())
          .append(result.chainId())
          .append(result.conditionHash());
    }
    line(
        out,
        "accepted "
            + attestation
            + " attestedAt "
            + attestation.attestedAt()
            + " expiresAt "
            + attestation.expiresAt()
            + " subject "
            + attestation.subject()
            + " results "
            + results);
    describe(out, attestation.report());
  }

  private static void pq(Transcript out, String name, PqVerdict pq) {
    line(
        out,
        name
            + " "
            + pq.status()
            + " passed "
            + pq.passed()
            + " "
            + pq.reason()
            + " kid "
            + pq.kid()
            + " existed "
            + pq.existedAtIssuance());
  }

  private static AttestationVerifier at(Instant now) {
    return AttestationVerifier.builder(Conformance.savedKeySet())
        .namespace(Conformance.INSUMER)
        .clock(Clock.fixed(now, ZoneOffset.UTC))
        .build();
  }

  private static AttestationVerifier.Builder builderFor(JsonNode vector) {
    JsonNode options = vector.get("options");
    AttestationVerifier.Builder builder =
        AttestationVerifier.builder(options == null ? KeySet.empty() : Conformance.savedKeySet())
            .namespace(Conformance.INSUMER);
    if (options != null && options.has("pqRequiredFrom")) {
      builder.pqRequiredFrom(Instant.parse(options.get("pqRequiredFrom").asText()));
    }
    return builder;
  }

  private static ObjectNode statement(ObjectNode data) {
    return (ObjectNode) data.get("attestation");
  }

  private static ArrayNode results(ObjectNode data) {
    return (ArrayNode) statement(data).get("results");
  }

  private static ObjectNode result(ObjectNode data) {
    return (ObjectNode) results(data).get(0);
  }

  private static ObjectNode trust(ObjectNode data) {
    return (ObjectNode) data.get("trust");
  }

  private static ObjectNode firstDimension(ObjectNode data) {
    return (ObjectNode) trust(data).get("dimensions").elements().next();
  }

  private static ObjectNode firstCheck(ObjectNode data) {
    for (JsonNode dimension : trust(data).get("dimensions")) {
      for (JsonNode check : dimension.get("checks")) {
        if (check.has("blockTimestamp")) {
          return (ObjectNode) check;
        }
      }
    }
    throw new IllegalStateException("the trust vector has no timed check");
  }

  private static String jwtOf(String vector) {
    return Conformance.vectors().get(vector).at("/response/data/jwt").asText();
  }

  private static String quoted(String text) {
    return "\"" + text + "\"";
  }

  private static void line(Transcript out, String text) {
    out.line(text);
  }
}
