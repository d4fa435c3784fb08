package org.walletstate.crypto;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.walletstate.application.port.out.AttestationSigner;
import org.walletstate.application.port.out.DiscountSigner;
import org.walletstate.application.port.out.StatementLog;
import org.walletstate.application.port.out.TrustProfileSigner;
import org.walletstate.domain.attest.attestation.Attestation;
import org.walletstate.domain.commerce.InStorePass;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.payload.Timestamps;
import org.walletstate.domain.tlog.LoggedStatement;
import org.walletstate.domain.tlog.TreeHashes;
import org.walletstate.verifier.CanonicalJson;
import org.walletstate.verifier.Namespace;
import org.walletstate.verifier.PreimageScheme;
import org.walletstate.verifier.Preimages;
import org.walletstate.verifier.StatementType;

/**
 * Signs every statement type with the service's P-256 key and an ML-DSA-65 companion. The key
 * version selects the scheme, and the SDK's {@link StatementType} the kid ({@link KeyVersion#V1}:
 * {@code <ns>-attest-v1}, v1 bytes and condition hashes; {@link KeyVersion#V2}: {@code
 * <ns>-attest-v2}). Every signed byte comes from the type's definition ({@link Preimages}) and the
 * {@code data} text from the SDK's serializer, so a verifier rebuilds exactly these bytes. Each
 * signed statement is appended to the transparency log ({@link StatementLog}) before it is returned
 * (an attestation's append may be left to {@link #logged}), and its {@code data} then carries the
 * leaf index as the unsigned member {@code log: {index}} (none when the log is off). Attestation
 * {@code data}: {@code attestation, sig, kid, jwt, pqSig, pqKid, pqJwt}.
 */
public final class DualAttestationSigner
    implements AttestationSigner, TrustProfileSigner, DiscountSigner {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final Base64.Encoder BASE64 = Base64.getEncoder();

  private final TrustConditionHashes conditionHashes = new TrustConditionHashes();
  private final SigningKeys keys;
  private final AttestationTokens jwts;
  private final Namespace namespace;
  private final Preimages preimages;
  private final String issuer;
  private final StatementLog log;

  /**
   * @param keys the signing keys and their namespace
   * @param jwtIssuer the {@code iss} claim of issued JWTs (the service's base URL)
   * @param log where every signed statement is appended before it is returned ({@link
   *     StatementLog#NONE} for an embedding without a transparency log)
   */
  public DualAttestationSigner(SigningKeys keys, URI jwtIssuer, StatementLog log) {
    this.log = Objects.requireNonNull(log, "log");
    this.keys = Objects.requireNonNull(keys, "keys");
    this.jwts = new AttestationTokens(keys);
    this.namespace = keys.namespace();
    this.preimages = Preimages.of(namespace);
    this.issuer = Objects.requireNonNull(jwtIssuer, "jwtIssuer").toString();
  }

  @Override
  public SignedAttestation sign(SigningRequest request) {
    PendingAttestation signed = (PendingAttestation) signUnlogged(request);
    return new SignedAttestation(
        signed.attestation(), Unlogged.appended(log, List.of(signed.statement())).get(0));
  }

  /** Signs an attestation as {@link #sign} does, leaving the log to {@link #logged}. */
  @Override
  public AttestationSigner.Pending signUnlogged(SigningRequest request) {
    Attestation attestation = request.attestation();
    PreimageScheme scheme =
        request.keyVersion() == KeyVersion.V1 ? PreimageScheme.V1 : PreimageScheme.V2;
    AttestationBody body = AttestationBody.of(attestation, scheme);
    Optional<String> claims =
        request.jwt()
            ? Optional.of(CanonicalJson.stringify(body.claims(issuer, request.subject())))
            : Optional.empty();
    Unlogged statement = unlogged(StatementType.ATTESTATION, scheme, body.statement(), claims);
    return new PendingAttestation(
        attestation, statement, Unlogged.entries(log, List.of(statement)));
  }

  /**
   * Hands an attestation signed by {@link #signUnlogged} to the log ({@link
   * StatementLog#submitAll}) and gives its text once the entry is durable.
   */
  @Override
  public CompletionStage<SignedAttestation> logged(
      AttestationSigner.Pending pending, Executor finishing) {
    PendingAttestation signed = (PendingAttestation) pending;
    return Unlogged.submitted(log, List.of(signed.statement()), finishing)
        .thenApply(texts -> new SignedAttestation(signed.attestation(), texts.get(0)));
  }

  /**
   * The text of an attestation signed by {@link #signUnlogged} whose entry the caller wrote with
   * its debit: no {@code log} member.
   */
  @Override
  public SignedAttestation written(AttestationSigner.Pending pending) {
    PendingAttestation signed = (PendingAttestation) pending;
    return new SignedAttestation(
        signed.attestation(), Unlogged.written(List.of(signed.statement())).get(0));
  }

  /** An attestation signed, its log entry not yet appended. */
  private record PendingAttestation(
      Attestation attestation, Unlogged statement, List<LoggedStatement> entries)
      implements AttestationSigner.Pending {}

  /**
   * Signs a trust profile under {@code <ns>-trust-v2} with its {@code <ns>-trust-pq1} companion.
   * Each check's {@code conditionHash} (the V2 hash of its {@code evaluatedCondition}, as attest's
   * results carry it) is added right after its {@code evaluatedCondition} unless the check already
   * carries one; then the whole profile is signed, {@code expiresAt} included.
   *
   * @return the {@code data} text {@code {trust, sig, kid, pqSig, pqKid}}
   */
  @Override
  public String signTrustProfile(PayloadValue.Obj trustProfile) {
    return Unlogged.appended(log, List.of(unloggedProfile(trustProfile))).get(0);
  }

  /**
   * Signs a trust profile as {@link #signTrustProfile} does, leaving the log to {@link #logged}.
   */
  @Override
  public TrustProfileSigner.Signed signUnlogged(PayloadValue.Obj trustProfile) {
    return unloggedProfile(trustProfile);
  }

  private Unlogged unloggedProfile(PayloadValue.Obj trustProfile) {
    ObjectNode trust = conditionHashes.added(PayloadTrees.object(trustProfile));
    return unlogged(StatementType.TRUST_PROFILE, PreimageScheme.V2, trust, Optional.empty());
  }

  /** Appends a batch's profiles signed by {@link #signUnlogged} in one append, in this order. */
  @Override
  public List<String> logged(List<TrustProfileSigner.Signed> profiles) {
    return Unlogged.appended(log, asUnlogged(profiles));
  }

  /**
   * Hands a batch's profiles signed by {@link #signUnlogged} to the log in one append ({@link
   * StatementLog#submitAll}), in this order, and gives their texts once the entries are durable.
   */
  @Override
  public CompletionStage<List<String>> submitted(
      List<TrustProfileSigner.Signed> profiles, Executor finishing) {
    return Unlogged.submitted(log, asUnlogged(profiles), finishing);
  }

  /** The log entries of a batch's profiles signed by {@link #signUnlogged}, in this order. */
  @Override
  public List<LoggedStatement> entries(List<TrustProfileSigner.Signed> profiles) {
    return Unlogged.entries(log, asUnlogged(profiles));
  }

  /** The texts of profiles whose entries the caller wrote with its debit: no {@code log} member. */
  @Override
  public List<String> written(List<TrustProfileSigner.Signed> profiles) {
    return Unlogged.written(asUnlogged(profiles));
  }

  private static List<Unlogged> asUnlogged(List<TrustProfileSigner.Signed> profiles) {
    List<Unlogged> signed = new ArrayList<>(profiles.size());
    for (TrustProfileSigner.Signed profile : profiles) {
      signed.add((Unlogged) profile);
    }
    return signed;
  }

  /**
   * Signs an in-store pass {@code {wallet (EIP-55), issuedAt, expiresAt}} under {@code
   * <ns>-pass-v2} and {@code <ns>-pass-pq1}: the text {@code {pass, sig, kid, pqSig, pqKid}}.
   */
  public String signPass(InStorePass pass) {
    return Unlogged.appended(log, List.of(unloggedPass(pass))).get(0);
  }

  /**
   * Signs a pass as {@link #signPass} does on the calling thread and hands it to the log without
   * waiting ({@link StatementLog#submitAll}): the stage gives its text, finished on {@code
   * finishing}, once the entry is durable.
   */
  public CompletionStage<String> submitPass(InStorePass pass, Executor finishing) {
    return Unlogged.submitted(log, List.of(unloggedPass(pass)), finishing)
        .thenApply(texts -> texts.get(0));
  }

  private Unlogged unloggedPass(InStorePass pass) {
    ObjectNode statement = NODES.objectNode();
    statement.put("wallet", pass.wallet().checksummed());
    statement.put("issuedAt", Timestamps.iso(pass.issuedAt()));
    statement.put("expiresAt", Timestamps.iso(pass.expiresAt()));
    return unlogged(StatementType.PASS, PreimageScheme.V2, statement, Optional.empty());
  }

  /**
   * Signs a discount verification under {@code <ns>-discount-v2} and {@code <ns>-discount-pq1}: the
   * text {@code {discount, sig, kid, pqSig, pqKid}}.
   */
  @Override
  public String signDiscount(PayloadValue.Obj discount) {
    return Unlogged.appended(log, List.of(unloggedDiscount(discount))).get(0);
  }

  /**
   * Signs as {@link #signDiscount} does and appends without waiting ({@link
   * StatementLog#submitAll}).
   */
  @Override
  public CompletionStage<String> submitDiscount(PayloadValue.Obj discount, Executor finishing) {
    return Unlogged.submitted(log, List.of(unloggedDiscount(discount)), finishing)
        .thenApply(texts -> texts.get(0));
  }

  private Unlogged unloggedDiscount(PayloadValue.Obj discount) {
    return unlogged(
        StatementType.DISCOUNT, PreimageScheme.V2, PayloadTrees.object(discount), Optional.empty());
  }

  private Unlogged unlogged(
      StatementType type, PreimageScheme scheme, ObjectNode statement, Optional<String> claims) {
    String kid = namespace.kid(type.role(scheme));
    String pqKid = namespace.kid(type.companionRole());
    byte[] preimage = preimages.statement(type, scheme, statement);
    String sig = BASE64.encodeToString(keys.ec().sign(preimage));
    String pqSig = BASE64.encodeToString(keys.mlDsa().sign(preimages.companion(type, preimage)));
    JsonNode id = statement.get("id");
    LoggedStatement entry =
        new LoggedStatement(
            id != null && id.isTextual() ? id.asText() : null,
            type.name(),
            kid,
            TreeHashes.sha256(preimage));
    Optional<StatementType.Tokens> tokens =
        claims.map(c -> new StatementType.Tokens(jwts.es256(c, kid), jwts.mlDsa(c, pqKid)));
    return new Unlogged(
        entry, type.data(statement, new StatementType.Signatures(sig, kid, pqSig, pqKid, tokens)));
  }
}
