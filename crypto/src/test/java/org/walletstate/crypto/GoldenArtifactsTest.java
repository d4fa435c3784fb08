package org.walletstate.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.AttestationSigner.SigningRequest;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.CanonicalJson;
import org.walletstate.verifier.KeySet;
import org.walletstate.verifier.Namespace;
import org.walletstate.verifier.PreimageScheme;
import org.walletstate.verifier.Preimages;
import org.walletstate.verifier.VerifiedTrustCheck;

/**
 * Committed artifacts signed with the TEST-ONLY keys ({@code src/test/resources/golden}): they keep
 * verifying, and the signer keeps producing exactly their preimages. ECDSA and ML-DSA signatures
 * are randomized, so the preimage and its hash, not the signature bytes, are the fixed point.
 * Regenerate with {@code -Dgolden.write=true} only when the format changes on purpose.
 */
class GoldenArtifactsTest {

  private static final Path GOLDEN = Path.of("src/test/resources/golden");
  private static final boolean WRITE = Boolean.getBoolean("golden.write");

  @Test
  void committedArtifacts_verifyAgainstTheCommittedKeySet() throws Exception {
    writeIfAsked();
    AttestationVerifier verifier =
        AttestationVerifier.builder(KeySet.parse(read("jwks.json")))
            .clock(TestSigning.clockInWindow())
            .pqRequiredFrom(Instant.parse("2026-01-01T00:00:00Z"))
            .build();
    assertThat(verifier.report(read("attestation-v2-jwt.data.json")).valid()).isTrue();
    assertThat(verifier.report(read("attestation-v1.data.json")).valid()).isTrue();
    assertThat(verifier.reportTrustProfile(read("trust-v2.data.json")).valid()).isTrue();
    assertThat(verifier.reportTrustProfile(read("trust-v2-rows.data.json")).valid()).isTrue();
    assertThat(verifier.reportDiscount(read("discount-v2.data.json")).valid()).isTrue();
    assertThat(verifier.reportDiscount(read("trust-v2.data.json")).valid())
        .as("a trust profile is not a discount verification")
        .isFalse();
    assertThat(read("jwks.json")).isEqualTo(new PublishedKeySet(TestSigning.keys()).jwksJson());
  }

  @Test
  void cli_checksADiscountVerification_withDiscount() throws Exception {
    Path keys = Files.createTempFile("jwks", ".json");
    Path good = Files.createTempFile("discount", ".json");
    Path tampered = Files.createTempFile("tampered", ".json");
    try {
      Files.writeString(keys, read("jwks.json"));
      // signed now, so that only the signature decides
      Files.writeString(good, TestSigning.signer().signDiscount(fresh()));
      Files.writeString(
          tampered,
          Files.readString(good).replace("\"discountPercent\":5", "\"discountPercent\":50"));
      String printed = cli(keys, good);
      assertThat(printed)
          .containsPattern("signature\\s+ok")
          .containsPattern("expiry\\s+ok")
          .containsPattern("pq\\s+ok\\s+verified")
          .containsPattern("valid\\s+ok");
      assertThat(cli(keys, tampered))
          .containsPattern("signature\\s+FAIL")
          .containsPattern("valid\\s+FAIL");
      // without --discount the same file is not an attestation
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      int exit =
          org.walletstate.verifier.cli.VerifyCommand.run(
              new String[] {"--keys", keys.toString(), good.toString()},
              new java.io.PrintStream(out, true, StandardCharsets.UTF_8),
              new java.io.PrintStream(new java.io.ByteArrayOutputStream(), true));
      assertThat(exit).isEqualTo(1);
    } finally {
      Files.deleteIfExists(keys);
      Files.deleteIfExists(good);
      Files.deleteIfExists(tampered);
    }
  }

  private static String cli(Path keys, Path response) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    org.walletstate.verifier.cli.VerifyCommand.run(
        new String[] {"--keys", keys.toString(), "--discount", response.toString()},
        new java.io.PrintStream(out, true, StandardCharsets.UTF_8),
        new java.io.PrintStream(new java.io.ByteArrayOutputStream(), true));
    return out.toString(StandardCharsets.UTF_8);
  }

  /** {@link #discount()} created now. */
  private static PayloadValue.Obj fresh() {
    java.time.Instant now = java.time.Instant.now();
    return PayloadValue.objectBuilder()
        .put("code", "SVC-7K2QM")
        .put("merchantId", "cafe")
        .put("verified", true)
        .put("discountPercent", 5)
        .put("walletProven", false)
        .put("discountIfProven", 20)
        .put("breakdown", PayloadValue.array(java.util.List.of()))
        .put("recognized", PayloadValue.array(java.util.List.of()))
        .put("createdAt", org.walletstate.domain.payload.Timestamps.iso(now))
        .put("expiresAt", org.walletstate.domain.payload.Timestamps.iso(now.plusSeconds(1800)))
        .build();
  }

  @Test
  void signer_reproducesTheCommittedPreimagesAndHashes() throws Exception {
    writeIfAsked();
    Preimages preimages = Preimages.of(Namespace.SERVICE);
    String v2 = sign(KeyVersion.V2, true);
    byte[] v2Preimage =
        preimages.attestation(PreimageScheme.V2, CanonicalJson.parse(v2).get("attestation"));
    assertThat(new String(v2Preimage, StandardCharsets.UTF_8))
        .isEqualTo(read("attestation-v2.preimage.txt"));
    assertThat(sha256(v2Preimage)).isEqualTo(read("attestation-v2.preimage.sha256").strip());

    String v1 = sign(KeyVersion.V1, false);
    byte[] v1Preimage =
        preimages.attestation(PreimageScheme.V1, CanonicalJson.parse(v1).get("attestation"));
    assertThat(new String(v1Preimage, StandardCharsets.UTF_8))
        .isEqualTo(read("attestation-v1.preimage.txt"));
    assertThat(CanonicalJson.parse(v1).get("attestation"))
        .isEqualTo(CanonicalJson.parse(read("attestation-v1.data.json")).get("attestation"));
  }

  /** The EVM row of the golden profiles, with a fixed {@code conditionHash} when one is given. */
  private static PayloadValue.Obj usdcOnEthereum(Optional<String> conditionHash) {
    PayloadValue.ObjBuilder check =
        PayloadValue.objectBuilder()
            .put("label", "USDC on Ethereum")
            .put("chainId", 1)
            .put("met", true)
            .put(
                "evaluatedCondition",
                PayloadValue.objectBuilder()
                    .put("type", "token_balance")
                    .put("chainId", 1)
                    .put("contractAddress", "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48")
                    .put("operator", "gt")
                    .put("threshold", "0")
                    .build());
    conditionHash.ifPresent(hash -> check.put("conditionHash", hash));
    return check
        .put("blockNumber", "0x189a540")
        .put("blockTimestamp", "2026-11-20T10:15:23.000Z")
        .build();
  }

  static PayloadValue.Obj trustProfile() {
    PayloadValue.Obj check = usdcOnEthereum(Optional.of("0x" + "ab".repeat(32)));
    PayloadValue.Obj dimension =
        PayloadValue.objectBuilder()
            .put("checks", PayloadValue.array(java.util.List.of(check)))
            .put("passCount", 1)
            .put("failCount", 0)
            .put("notEvaluatedCount", 0)
            .put("total", 1)
            .build();
    return PayloadValue.objectBuilder()
        .put("id", "TRST-0A1B2")
        .put("wallet", TestSigning.WALLET)
        .put("conditionSetVersion", "2026-10-08")
        .put("dimensions", PayloadValue.objectBuilder().put("stablecoins", dimension).build())
        .put(
            "summary",
            PayloadValue.objectBuilder()
                .put("totalChecks", 1)
                .put("totalPassed", 1)
                .put("totalFailed", 0)
                .put("totalNotEvaluated", 0)
                .put("dimensionsWithActivity", 1)
                .put("dimensionsChecked", 1)
                .build())
        .put("profiledAt", "2026-11-20T10:15:30.123Z")
        .put("expiresAt", "2026-11-20T10:45:30.123Z")
        .build();
  }

  @Test
  void committedRowsProfile_readsThroughTheSdk_everyRowWithItsMet_andTheXrplLineItsState()
      throws Exception {
    writeIfAsked();
    AttestationVerifier verifier =
        AttestationVerifier.builder(KeySet.parse(read("jwks.json")))
            .clock(TestSigning.clockInWindow())
            .build();
    List<VerifiedTrustCheck> checks =
        verifier.verifyTrustProfile(read("trust-v2-rows.data.json")).checks();
    assertThat(checks)
        .extracting(VerifiedTrustCheck::label)
        .containsExactly(
            "USDC on Ethereum",
            "USDC on XRPL",
            "EURC on Stellar",
            "XRP (native) on XRPL",
            "RLUSD on XRPL");
    assertThat(checks)
        .extracting(VerifiedTrustCheck::met)
        .containsExactly(true, false, false, true, false);
    assertThat(checks)
        .extracting(VerifiedTrustCheck::trustLineFrozen)
        .containsExactly(
            Optional.empty(),
            Optional.of(true),
            Optional.empty(),
            Optional.empty(),
            Optional.of(false));
    assertThat(checks.get(2).evaluated()).isFalse();
    assertThat(checks.get(2).requires()).contains("stellarWallet");
    assertThat(checks.get(1).conditionHash())
        .contains(Preimages.conditionHash(PreimageScheme.V2, checks.get(1).evaluatedCondition()));
    // the older profile, whose rows all ran, reads the same way
    assertThat(verifier.verifyTrustProfile(read("trust-v2.data.json")).checks())
        .extracting(VerifiedTrustCheck::met)
        .containsExactly(true);
  }

  private static PayloadValue.Obj xrplCondition(String issuer, String currency) {
    PayloadValue.ObjBuilder condition =
        PayloadValue.objectBuilder()
            .put("type", "token_balance")
            .put("chainId", "xrpl")
            .put("contractAddress", issuer);
    if (currency != null) {
      condition.put("currency", currency);
    }
    return condition.put("operator", "gt").put("threshold", 0).build();
  }

  private static PayloadValue.Obj xrplRow(
      String label, String issuer, String currency, boolean met, Boolean frozen) {
    PayloadValue.ObjBuilder row =
        PayloadValue.objectBuilder()
            .put("label", label)
            .put("chainId", "xrpl")
            .put("met", met)
            .put("evaluatedCondition", xrplCondition(issuer, currency))
            .put("ledgerIndex", 99_512_034)
            .put("ledgerHash", "4C6B0E3D2A1F0B9E8D7C6B5A49382716F5E4D3C2B1A09F8E7D6C5B4A39281706");
    if (frozen != null) {
      row.put("trustLineState", PayloadValue.objectBuilder().put("frozen", frozen).build());
    }
    return row.build();
  }

  private static PayloadValue.Obj dimension(
      List<PayloadValue> checks, int pass, int fail, int not) {
    return PayloadValue.objectBuilder()
        .put("checks", PayloadValue.array(checks))
        .put("passCount", pass)
        .put("failCount", fail)
        .put("notEvaluatedCount", not)
        .put("total", checks.size())
        .build();
  }

  /**
   * A profile with every kind of row the service signs beside an EVM one: an XRPL trust line frozen
   * by a global freeze (met false, {@code trustLineState.frozen} true), a Stellar row whose wallet
   * was not given ({@code evaluated: false}, {@code met: false}, no anchor), XRP (no line state),
   * and an XRPL line that is not frozen but holds nothing. Condition hashes are the signer's.
   */
  static PayloadValue.Obj trustProfileRows() {
    PayloadValue.Obj stellar =
        PayloadValue.objectBuilder()
            .put("label", "EURC on Stellar")
            .put("chainId", "stellar")
            .put("evaluated", false)
            .put("reason", "wallet_not_provided")
            .put("requires", "stellarWallet")
            .put("met", false)
            .put(
                "evaluatedCondition",
                PayloadValue.objectBuilder()
                    .put("type", "token_balance")
                    .put("chainId", "stellar")
                    .put(
                        "contractAddress",
                        "GDHU6WRG4IEQXM5NZ4BMPKOXHW76MZM4Y2IEMFDVXBSDP6SJY4ITNPP2")
                    .put("assetCode", "EURC")
                    .put("operator", "gt")
                    .put("threshold", 0)
                    .build())
            .build();
    PayloadValue.Obj dimensions =
        PayloadValue.objectBuilder()
            .put("stablecoins", dimension(List.of(usdcOnEthereum(Optional.empty())), 1, 0, 0))
            .put(
                "institutional_stablecoins",
                dimension(
                    List.of(
                        xrplRow(
                            "USDC on XRPL",
                            "rGm7WCVp9gb4jZHWTEtGUr4dd74z2XuWhE",
                            "5553444300000000000000000000000000000000",
                            false,
                            true),
                        stellar),
                    0,
                    1,
                    1))
            .put(
                "xrpl",
                dimension(
                    List.of(
                        xrplRow("XRP (native) on XRPL", "native", null, true, null),
                        xrplRow(
                            "RLUSD on XRPL",
                            "rMxCKbEDwqr76QuheSUMdEGf4B9xJ8m5De",
                            "524C555344000000000000000000000000000000",
                            false,
                            false)),
                    1,
                    1,
                    0))
            .build();
    return PayloadValue.objectBuilder()
        .put("id", "TRST-0A1B3")
        .put("wallet", TestSigning.WALLET)
        .put("conditionSetVersion", "2026-10-08")
        .put("dimensions", dimensions)
        .put(
            "summary",
            PayloadValue.objectBuilder()
                .put("totalChecks", 5)
                .put("totalPassed", 2)
                .put("totalFailed", 2)
                .put("totalNotEvaluated", 1)
                .put("dimensionsWithActivity", 2)
                .put("dimensionsChecked", 3)
                .build())
        .put("profiledAt", "2026-11-20T10:15:30.123Z")
        .put("expiresAt", "2026-11-20T10:45:30.123Z")
        .build();
  }

  /** A discount verification as the discount endpoints lay it out. */
  static PayloadValue.Obj discount() {
    PayloadValue.Obj earned =
        PayloadValue.objectBuilder()
            .put("symbol", "CAFE")
            .put("tier", "gold")
            .put("discount", 20)
            .build();
    return PayloadValue.objectBuilder()
        .put("code", "SVC-7K2QM")
        .put("merchantId", "cafe")
        .put("verified", true)
        .put("discountPercent", 5)
        .put("walletProven", false)
        .put("discountIfProven", 20)
        .put("breakdown", PayloadValue.array(java.util.List.of(earned)))
        .put("recognized", PayloadValue.array(java.util.List.of()))
        .put("wallet", TestSigning.WALLET)
        .put("createdAt", "2026-11-20T10:15:30.000Z")
        .put("expiresAt", "2026-11-20T10:45:30.000Z")
        .build();
  }

  private static String sign(KeyVersion version, boolean jwt) {
    return TestSigning.signer()
        .sign(
            new SigningRequest(
                version == KeyVersion.V1 ? TestSigning.v1Attestation() : TestSigning.attestation(),
                version,
                jwt,
                jwt ? TestSigning.WALLET : null))
        .dataJson();
  }

  private static void writeIfAsked() throws Exception {
    if (!WRITE) {
      return;
    }
    Files.createDirectories(GOLDEN);
    Preimages preimages = Preimages.of(Namespace.SERVICE);
    String v2 = sign(KeyVersion.V2, true);
    byte[] v2Preimage =
        preimages.attestation(PreimageScheme.V2, CanonicalJson.parse(v2).get("attestation"));
    String v1 = sign(KeyVersion.V1, false);
    byte[] v1Preimage =
        preimages.attestation(PreimageScheme.V1, CanonicalJson.parse(v1).get("attestation"));
    write("jwks.json", new PublishedKeySet(TestSigning.keys()).jwksJson());
    write("attestation-v2-jwt.data.json", v2);
    write("attestation-v2.preimage.txt", new String(v2Preimage, StandardCharsets.UTF_8));
    write("attestation-v2.preimage.sha256", sha256(v2Preimage) + "\n");
    write("attestation-v1.data.json", v1);
    write("attestation-v1.preimage.txt", new String(v1Preimage, StandardCharsets.UTF_8));
    write("trust-v2.data.json", TestSigning.signer().signTrustProfile(trustProfile()));
    write("trust-v2-rows.data.json", TestSigning.signer().signTrustProfile(trustProfileRows()));
    write("discount-v2.data.json", TestSigning.signer().signDiscount(discount()));
  }

  private static void write(String name, String content) throws IOException {
    Files.writeString(GOLDEN.resolve(name), content, StandardCharsets.UTF_8);
  }

  private static String read(String name) throws IOException {
    return Files.readString(GOLDEN.resolve(name), StandardCharsets.UTF_8);
  }

  private static String sha256(byte[] bytes) throws Exception {
    return "0x" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
  }
}
