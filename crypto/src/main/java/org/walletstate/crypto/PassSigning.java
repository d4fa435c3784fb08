package org.walletstate.crypto;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.walletstate.application.commerce.port.out.PassSigner;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.commerce.InStorePass;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.CanonicalJson;
import org.walletstate.verifier.KeySet;
import org.walletstate.verifier.Namespace;
import org.walletstate.verifier.PassCode;
import org.walletstate.verifier.PassReport;

/**
 * Passes signed by {@link DualAttestationSigner#signPass}, and the codes of QR codes read back with
 * the SDK's own verifier over the service's published keys: the service checks a scanned pass as
 * any verifier would, with a maximum age of 65 seconds and no clock skew (it is its own clock).
 */
public final class PassSigning implements PassSigner {

  private final DualAttestationSigner signer;
  private final Namespace namespace;
  private final AttestationVerifier verifier;

  public PassSigning(DualAttestationSigner signer, SigningKeys keys, Clock clock) {
    this.signer = Objects.requireNonNull(signer, "signer");
    this.namespace = keys.namespace();
    this.verifier =
        AttestationVerifier.builder(KeySet.parse(new PublishedKeySet(keys).jwksJson()))
            .namespace(namespace)
            .clock(clock)
            .maxAge(InStorePass.LIFETIME)
            .clockSkew(Duration.ZERO)
            .build();
  }

  @Override
  public Signed sign(InStorePass pass) {
    String data = signer.signPass(pass);
    return new Signed(data, PassCode.of(data));
  }

  @Override
  public CompletionStage<Signed> submit(InStorePass pass, Executor finishing) {
    return signer
        .submitPass(pass, finishing)
        .thenApply(data -> new Signed(data, PassCode.of(data)));
  }

  @Override
  public Reading read(String code) {
    String data;
    try {
      data = PassCode.expand(code, namespace);
    } catch (PassCode.MalformedCodeException e) {
      return new Reading.Invalid("code is not a pass code: " + e.getMessage(), Optional.empty());
    }
    PassReport report = verifier.reportPass(data);
    if (!report.structure().passed()) {
      return new Reading.Invalid(
          "code is not a pass code: " + report.structure().reason().orElse("malformed"),
          Optional.empty());
    }
    if (!report.signature().passed()) {
      return new Reading.Invalid(
          "signature", Optional.of(report.signature().reason().orElse("bad signature")));
    }
    JsonNode pass = CanonicalJson.parse(data).get("pass");
    EvmAddress wallet;
    try {
      wallet = EvmAddress.parse(pass.get("wallet").asText(), "wallet");
    } catch (ValidationException e) {
      return new Reading.Invalid("code is not a pass code: " + e.getMessage(), Optional.empty());
    }
    if (!report.freshness().passed()) {
      return new Reading.Stale(wallet, report.freshness().reason().orElse("stale"));
    }
    if (!report.expiry().passed()) {
      return new Reading.Stale(wallet, report.expiry().reason().orElse("expired"));
    }
    return new Reading.Valid(
        new InStorePass(wallet, java.time.Instant.parse(pass.get("issuedAt").asText())));
  }
}
