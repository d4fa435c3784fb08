package org.walletstate.verifier;

import static org.walletstate.verifier.RequiredMember.array;
import static org.walletstate.verifier.RequiredMember.bool;
import static org.walletstate.verifier.RequiredMember.object;
import static org.walletstate.verifier.RequiredMember.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One type of signed statement, defined once for the signer and the verifier: its domain tags, the
 * members its signature covers and how they become bytes, the kids that may sign it, the members a
 * verifier requires, and the {@code data} object that carries it. {@code docs/signing.md} states
 * the same byte for byte.
 *
 * <table>
 *   <caption>Preimages of a statement type {@code <t>}</caption>
 *   <tr><th>scheme</th><th>bytes (UTF-8)</th></tr>
 *   <tr><td>V1</td><td>{@code JSON.stringify} of the signed part: the signed members in their
 *       order, or the whole statement as issued</td></tr>
 *   <tr><td>V2</td><td>{@code <ns>.<t>.v2 LF canonical(signed part)}; a signed-members part
 *       also carries {@code v: 2}</td></tr>
 *   <tr><td>companion</td><td>{@code <ns>.<t>.pq1 LF} followed by the classical preimage</td></tr>
 * </table>
 *
 * <p>A kid selects the scheme: the type's V2 kid selects V2, the shared legacy kid ({@code
 * <ns>-attest-v1}, for the types that accept it) selects V1, and no other kid may sign the type.
 */
public final class StatementType {

  // One constant per statement type, each a row of the same constructor by design: the table above,
  // in code.
  /**
   * Attestations: {@code id, pass, results, attestedAt} are signed ({@code expiresAt} is bound to
   * {@code attestedAt} by the expiry check instead); kids {@code <ns>-attest-v1} and {@code
   * <ns>-attest-v2}, companion {@code <ns>-attest-pq1}.
   */
  public static final StatementType ATTESTATION =
      new StatementType(
          "attestation",
          "attestation",
          "attestations",
          new SigningRoles(KeyRole.ATTEST_V1, KeyRole.ATTEST_V2, KeyRole.ATTEST_PQ1),
          List.of("id", "pass", "results", "attestedAt"),
          List.of(
              text("id"), bool("pass"), array("results"), text("attestedAt"), text("expiresAt")),
          "attestedAt");

  /**
   * Trust profiles: signed whole, {@code expiresAt} included; kids {@code <ns>-attest-v1} and
   * {@code <ns>-trust-v2}, companion {@code <ns>-trust-pq1}.
   */
  public static final StatementType TRUST_PROFILE =
      new StatementType(
          "trust",
          "trust profile",
          "trust profiles",
          new SigningRoles(KeyRole.ATTEST_V1, KeyRole.TRUST_V2, KeyRole.TRUST_PQ1),
          List.of(),
          List.of(
              text("wallet"),
              object("dimensions"),
              object("summary"),
              text("profiledAt"),
              text("expiresAt")),
          "profiledAt");

  /**
   * In-store passes: signed whole ({@code wallet, issuedAt, expiresAt}); kid {@code <ns>-pass-v2}
   * only (no V1), companion {@code <ns>-pass-pq1}.
   */
  public static final StatementType PASS =
      new StatementType(
          "pass",
          "pass",
          "passes",
          new SigningRoles(null, KeyRole.PASS_V2, KeyRole.PASS_PQ1),
          List.of(),
          List.of(text("wallet"), text("issuedAt"), text("expiresAt")),
          "issuedAt");

  /**
   * Discount verifications: signed whole, {@code expiresAt} included; V2 only (kid {@code
   * <ns>-discount-v2}, no legacy kid), companion {@code <ns>-discount-pq1}. The statement sits in
   * the response's {@code verification} object under {@code discount}.
   */
  public static final StatementType DISCOUNT =
      new StatementType(
          "discount",
          "discount verification",
          "discount verifications",
          new SigningRoles(null, KeyRole.DISCOUNT_V2, KeyRole.DISCOUNT_PQ1),
          List.of(),
          List.of(
              text("code"),
              text("merchantId"),
              bool("verified"),
              bool("walletProven"),
              array("breakdown"),
              text("createdAt"),
              text("expiresAt")),
          "createdAt");

  /** The {@code data} members beside the statement, in issue order around the tokens. */
  static final String SIG = "sig";

  static final String KID = "kid";
  static final String JWT = "jwt";
  static final String PQ_SIG = "pqSig";
  static final String PQ_KID = "pqKid";
  static final String PQ_JWT = "pqJwt";

  /** Member that every statement type's validity window ends at. */
  static final String EXPIRES_AT = "expiresAt";

  private final String name;
  private final String noun;
  private final String plural;
  private final SigningRoles roles;
  private final List<String> signedMembers;
  private final List<RequiredMember> required;
  private final String issuedAtMember;

  private StatementType(
      String name,
      String noun,
      String plural,
      SigningRoles roles,
      List<String> signedMembers,
      List<RequiredMember> required,
      String issuedAtMember) {
    // Field wiring as in VerifiedAttestation's and SignedCheckpoint's constructors by design; there
    // is no logic to share.
    this.name = name;
    this.noun = noun;
    this.plural = plural;
    this.roles = roles;
    this.signedMembers = signedMembers;
    this.required = required;
    this.issuedAtMember = issuedAtMember;
  }

  /** The word in the domain tags and the {@code data} member holding the statement. */
  public String name() {
    return name;
  }

  /** The scheme a signature under {@code role} is over; empty when the role may not sign this. */
  public Optional<PreimageScheme> scheme(KeyRole role) {
    return roles.scheme(role);
  }

  /**
   * The classical role that signs this type in {@code scheme}.
   *
   * @throws IllegalArgumentException when the type has no signer in {@code scheme} (passes are V2
   *     only)
   */
  public KeyRole role(PreimageScheme scheme) {
    KeyRole role = roles.signer(scheme);
    if (role == null) {
      throw new IllegalArgumentException(plural + " are not signed in " + scheme);
    }
    return role;
  }

  /** The role of this type's ML-DSA-65 companion. */
  public KeyRole companionRole() {
    return roles.companion();
  }

  /** {@code <ns>.<t>.v2}: the first line of a V2 preimage. */
  public String v2Tag(Namespace namespace) {
    return namespace.word() + "." + name + ".v2";
  }

  /** {@code <ns>.<t>.pq1}: the first line of a companion preimage. */
  public String companionTag(Namespace namespace) {
    return namespace.word() + "." + name + ".pq1";
  }

  /**
   * The classical preimage of {@code statement} in {@code scheme}. Members other than the signed
   * ones are not covered; a signed member is taken exactly as it is (its member order included).
   *
   * @throws IllegalArgumentException when a signed member is missing, or the statement of a
   *     whole-signed type is not an object
   * @throws CanonicalJson.NestingTooDeepException when the signed part nests past the bound
   */
  public byte[] preimage(Namespace namespace, PreimageScheme scheme, JsonNode statement) {
    Objects.requireNonNull(namespace, "namespace");
    return signedMembers.isEmpty()
        ? StatementPreimages.whole(scheme, v2Tag(namespace), noun, statement)
        : StatementPreimages.members(scheme, v2Tag(namespace), noun, signedMembers, statement);
  }

  /** The companion preimage: the companion tag line, then the classical preimage. */
  public byte[] companionPreimage(Namespace namespace, byte[] classicalPreimage) {
    return StatementPreimages.tagged(companionTag(namespace), classicalPreimage);
  }

  /**
   * The first member a verifier requires of the statement that is absent or not of its kind, in
   * declaration order; empty when the statement has them all.
   */
  public Optional<String> missingMember(JsonNode statement) {
    return RequiredMember.firstMissing(required, statement);
  }

  /** The members a verifier requires, in declaration order. */
  public List<String> requiredMembers() {
    List<String> names = new ArrayList<>(required.size());
    required.forEach(member -> names.add(member.name()));
    return List.copyOf(names);
  }

  /**
   * The {@code data} object a signer issues: the statement under {@link #name()}, then {@code sig,
   * kid}, {@code jwt} when given, {@code pqSig, pqKid}, and {@code pqJwt} when given.
   *
   * @throws IllegalArgumentException when the statement lacks a member a verifier requires: what a
   *     verifier would refuse as malformed is never issued
   */
  public ObjectNode data(JsonNode statement, Signatures signatures) {
    Optional<String> missing = missingMember(statement);
    if (missing.isPresent()) {
      throw new IllegalArgumentException(
          "the " + noun + " lacks its " + missing.get() + " member; refusing to issue it");
    }
    ObjectNode data = JsonNodeFactory.instance.objectNode();
    data.set(name, statement);
    data.put(SIG, signatures.sig());
    data.put(KID, signatures.kid());
    signatures.tokens().ifPresent(tokens -> data.put(JWT, tokens.jwt()));
    data.put(PQ_SIG, signatures.pqSig());
    data.put(PQ_KID, signatures.pqKid());
    signatures.tokens().ifPresent(tokens -> data.put(PQ_JWT, tokens.pqJwt()));
    return data;
  }

  /**
   * What a signer writes beside a statement.
   *
   * @param sig standard base64 of the 64-byte P1363 ES256 signature over the classical preimage
   * @param kid the classical kid, which selects the scheme
   * @param pqSig standard base64 of the ML-DSA-65 signature over the companion preimage
   * @param pqKid the companion kid
   * @param tokens the JWT pair, when issued
   */
  public record Signatures(
      String sig, String kid, String pqSig, String pqKid, Optional<Tokens> tokens) {
    public Signatures {
      Objects.requireNonNull(sig, "sig");
      Objects.requireNonNull(kid, "kid");
      Objects.requireNonNull(pqSig, "pqSig");
      Objects.requireNonNull(pqKid, "pqKid");
      Objects.requireNonNull(tokens, "tokens");
    }
  }

  /** The compact ES256 token and its ML-DSA-65 sibling over the same payload segment. */
  public record Tokens(String jwt, String pqJwt) {
    public Tokens {
      Objects.requireNonNull(jwt, "jwt");
      Objects.requireNonNull(pqJwt, "pqJwt");
    }
  }

  /** "attestation", "trust profile": how messages name one statement of this type. */
  String noun() {
    return noun;
  }

  /** "attestations", "trust profiles": how messages name the type. */
  String plural() {
    return plural;
  }

  /** The member holding the statement's issuance time. */
  String issuedAtMember() {
    return issuedAtMember;
  }

  @Override
  public String toString() {
    return name;
  }
}
