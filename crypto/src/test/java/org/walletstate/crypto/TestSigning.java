package org.walletstate.crypto;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.walletstate.application.port.out.StatementLog;
import org.walletstate.domain.attest.attestation.Attestation;
import org.walletstate.domain.attest.attestation.AttestationId;
import org.walletstate.domain.attest.attestation.ConditionResult;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.KeySet;
import org.walletstate.verifier.Namespace;

/** The committed TEST-ONLY keys and a fixed attestation to sign with them. */
final class TestSigning {

  static final Instant ATTESTED_AT = Instant.parse("2026-11-20T10:15:30.123Z");
  static final URI ISSUER = URI.create("https://api.example.test");
  static final String WALLET = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";

  private TestSigning() {}

  static String resource(String path) {
    try (InputStream in = TestSigning.class.getResourceAsStream("/" + path)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource " + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static SigningKeys keys() {
    return SigningKeys.of(
        Namespace.SERVICE,
        EcSigningKey.fromPrivateJwk(resource("test-keys/TEST-ONLY-p256.private.jwk.json")),
        MlDsaSigningKey.fromPrivateJwk(
            resource("test-keys/TEST-ONLY-ml-dsa-65.private.jwk.json"), new SecureRandom()));
  }

  static DualAttestationSigner signer() {
    return new DualAttestationSigner(keys(), ISSUER, StatementLog.NONE);
  }

  static AttestationVerifier verifier(Instant now) {
    return AttestationVerifier.builder(KeySet.parse(new PublishedKeySet(keys()).jwksJson()))
        .clock(Clock.fixed(now, ZoneOffset.UTC))
        .pqRequiredFrom(Instant.parse("2026-01-01T00:00:00Z"))
        .build();
  }

  /** One EVM result (met) and one Bitcoin result (not met), v2-style conditions. */
  static Attestation attestation() {
    PayloadValue.Obj usdc =
        PayloadValue.objectBuilder()
            .put("type", "token_balance")
            .put("chainId", 1)
            .put("contractAddress", "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48")
            .put("operator", "gte")
            .put("threshold", "1")
            .build();
    PayloadValue.Obj btc =
        PayloadValue.objectBuilder()
            .put("type", "token_balance")
            .put("chainId", "bitcoin")
            .put("contractAddress", "native")
            .put("operator", "gte")
            .put("threshold", "0.5")
            .build();
    return new Attestation(
        new AttestationId("ATST-0123456789ABCDEF"),
        List.of(
            new ConditionResult(
                0,
                "USDC >= 1",
                "token_balance",
                ChainId.evm(1),
                true,
                usdc,
                new Anchor.EvmBlock(
                    BigInteger.valueOf(25_800_000L), Instant.parse("2026-11-20T10:15:23Z")),
                PayloadValue.object(),
                Optional.empty()),
            new ConditionResult(
                1,
                "\u00e9t\u00e9 \"quoted\" \uD83D\uDE00",
                "token_balance",
                ChainId.named("bitcoin"),
                false,
                btc,
                new Anchor.BitcoinTip(
                    925_000L, "00000000000000000001a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7"),
                PayloadValue.object(),
                Optional.empty())),
        ATTESTED_AT,
        ATTESTED_AT.plus(Attestation.LIFETIME));
  }

  /** A v1-era attestation: numeric threshold and decimals. */
  static Attestation v1Attestation() {
    PayloadValue.Obj usdc =
        PayloadValue.objectBuilder()
            .put("type", "token_balance")
            .put("chainId", 1)
            .put("contractAddress", "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48")
            .put("operator", "gte")
            .put("threshold", PayloadValue.number(new java.math.BigDecimal("1.5")))
            .put("decimals", 6)
            .build();
    return new Attestation(
        new AttestationId("ATST-00000000000000V1".replace("V", "F")),
        List.of(
            new ConditionResult(
                0,
                "",
                "token_balance",
                ChainId.evm(1),
                true,
                usdc,
                new Anchor.EvmBlock(
                    BigInteger.valueOf(25_800_000L), Instant.parse("2026-11-20T10:15:23Z")),
                PayloadValue.object(),
                Optional.empty())),
        ATTESTED_AT,
        ATTESTED_AT.plus(Attestation.LIFETIME));
  }

  static Clock clockInWindow() {
    return Clock.fixed(ATTESTED_AT.plusSeconds(60), ZoneOffset.UTC);
  }
}
