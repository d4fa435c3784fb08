package org.walletstate.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import org.bouncycastle.crypto.digests.SHA512Digest;
import org.bouncycastle.crypto.generators.PKCS5S2ParametersGenerator;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;
import org.walletstate.application.commerce.port.out.PassSigner;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.commerce.InStorePass;
import org.walletstate.domain.commerce.ScannerPin;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.CanonicalJson;
import org.walletstate.verifier.KeySet;
import org.walletstate.verifier.PassCode;
import org.walletstate.verifier.PassReport;
import org.walletstate.verifier.PqStatus;
import org.walletstate.verifier.VerifiedPass;

/**
 * Passes: the bytes signed are the ones docs/signing.md writes out (rebuilt here by hand and
 * checked with the JDK's own ECDSA, not BouncyCastle, and the companion with
 * {@code @noble/post-quantum}), the SDK verifies the issued pass and its QR code, and the service's
 * reading refuses a stale pass, a forged one and text that is no pass. Also the PIN hash against
 * BouncyCastle's PBKDF2.
 */
class PassSigningTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Instant ISSUED = Instant.parse("2026-11-20T10:15:30Z");
  private static final EvmAddress WALLET = EvmAddress.of(TestSigning.WALLET);

  private static PassSigning signing(Instant now) {
    return new PassSigning(
        TestSigning.signer(), TestSigning.keys(), Clock.fixed(now, ZoneOffset.UTC));
  }

  private static PassSigner.Signed issued() {
    return signing(ISSUED).sign(new InStorePass(WALLET, ISSUED.plusMillis(400)));
  }

  @Test
  void data_isThePassAndItsSignatures_andTheCodeIsCompact() throws Exception {
    PassSigner.Signed signed = issued();
    JsonNode data = JSON.readTree(signed.dataJson());
    assertThat(data.fieldNames())
        .toIterable()
        .containsExactly("pass", "sig", "kid", "pqSig", "pqKid");
    assertThat(data.get("pass").toString())
        .isEqualTo(
            "{\"wallet\":\"0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045\","
                + "\"issuedAt\":\"2026-11-20T10:15:30.000Z\","
                + "\"expiresAt\":\"2026-11-20T10:16:35.000Z\"}");
    assertThat(data.get("kid").asText()).isEqualTo("service-pass-v2");
    assertThat(data.get("pqKid").asText()).isEqualTo("service-pass-pq1");
    assertThat(signed.code()).startsWith("P1.").hasSizeLessThan(300);
    String[] parts = signed.code().split("\\.");
    assertThat(new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8))
        .isEqualTo(
            "{\"expiresAt\":\"2026-11-20T10:16:35.000Z\",\"issuedAt\":\"2026-11-20T10:15:30.000Z\","
                + "\"wallet\":\"0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045\"}");
    assertThat(Base64.getUrlDecoder().decode(parts[2]))
        .isEqualTo(Base64.getDecoder().decode(data.get("sig").asText()));
  }

  @Test
  void signature_isJdkEcdsaOverTheDocumentedPreimage() throws Exception {
    JsonNode data = JSON.readTree(issued().dataJson());
    String preimage =
        "service.pass.v2\n"
            + "{\"expiresAt\":\"2026-11-20T10:16:35.000Z\",\"issuedAt\":\"2026-11-20T10:15:30.000Z\","
            + "\"wallet\":\"0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045\"}";
    JsonNode jwk = JSON.readTree(new PublishedKeySet(TestSigning.keys()).jwksJson()).get("keys");
    JsonNode entry = null;
    for (JsonNode k : jwk) {
      if (k.get("kid").asText().equals("service-pass-v2")) {
        entry = k;
      }
    }
    assertThat(entry).as("the key set publishes service-pass-v2").isNotNull();
    ECPublicKey key =
        (ECPublicKey)
            KeyFactory.getInstance("EC")
                .generatePublic(
                    new ECPublicKeySpec(
                        new ECPoint(
                            new BigInteger(
                                1, Base64.getUrlDecoder().decode(entry.get("x").asText())),
                            new BigInteger(
                                1, Base64.getUrlDecoder().decode(entry.get("y").asText()))),
                        P256.SPEC));
    Signature ecdsa = Signature.getInstance("SHA256withECDSAinP1363Format");
    ecdsa.initVerify(key);
    ecdsa.update(preimage.getBytes(StandardCharsets.UTF_8));
    assertThat(ecdsa.verify(Base64.getDecoder().decode(data.get("sig").asText()))).isTrue();
    ecdsa.initVerify(key);
    ecdsa.update(preimage.replace("v2\n", "v2\n ").getBytes(StandardCharsets.UTF_8));
    assertThat(ecdsa.verify(Base64.getDecoder().decode(data.get("sig").asText()))).isFalse();
  }

  @Test
  void sdk_verifiesThePassAndItsCode_withTheCompanionOnTheFullPass() throws Exception {
    PassSigner.Signed signed = issued();
    AttestationVerifier verifier =
        AttestationVerifier.builder(
                KeySet.parse(new PublishedKeySet(TestSigning.keys()).jwksJson()))
            .clock(Clock.fixed(ISSUED.plusSeconds(30), ZoneOffset.UTC))
            .build();
    VerifiedPass pass = verifier.verifyPass(signed.dataJson());
    assertThat(pass.wallet()).isEqualTo(TestSigning.WALLET);
    assertThat(pass.report().pq().status()).isEqualTo(PqStatus.VERIFIED);
    VerifiedPass fromCode = verifier.verifyPass(signed.code());
    assertThat(fromCode.issuedAt()).isEqualTo(ISSUED);
    assertThat(fromCode.report().pq().status()).isEqualTo(PqStatus.ABSENT);
    // the SDK holds a pass to its 65 seconds even with a generous maximum age and skew
    AttestationVerifier late =
        AttestationVerifier.builder(
                KeySet.parse(new PublishedKeySet(TestSigning.keys()).jwksJson()))
            .clock(Clock.fixed(ISSUED.plusSeconds(66 + 60), ZoneOffset.UTC))
            .build();
    assertThat(late.reportPass(signed.code()).valid()).isFalse();
    // a pass signed under the trust kid is not a pass
    ObjectNode wrongKid = (ObjectNode) JSON.readTree(signed.dataJson());
    wrongKid.put("kid", "service-trust-v2");
    PassReport report = verifier.reportPass(JSON.writeValueAsString(wrongKid));
    assertThat(report.signature().passed()).isFalse();
    assertThat(report.signature().reason())
        .contains("kid \"service-trust-v2\" does not sign passes");
  }

  @Test
  void companion_verifiesWithNobleOverTheDocumentedBytes() throws Exception {
    JsonNode data = JSON.readTree(issued().dataJson());
    String message =
        "service.pass.pq1\nservice.pass.v2\n" + CanonicalJson.canonical(data.get("pass"));
    ObjectNode request =
        JSON.createObjectNode()
            .put("op", "verify")
            .put(
                "publicKey",
                Base64.getEncoder().encodeToString(TestSigning.keys().mlDsa().publicKey()))
            .put(
                "message",
                Base64.getEncoder().encodeToString(message.getBytes(StandardCharsets.UTF_8)))
            .put("signature", data.get("pqSig").asText());
    assertThat(NobleCrossCheckTest.noble(request).get("valid").asBoolean()).isTrue();
  }

  @Test
  void reading_acceptsAFreshPass_refusesStaleForgedAndForeignText() {
    PassSigner.Signed signed = issued();
    assertThat(signing(ISSUED.plusSeconds(65)).read(signed.code()))
        .isEqualTo(new PassSigner.Reading.Valid(new InStorePass(WALLET, ISSUED)));
    PassSigner.Reading stale = signing(ISSUED.plusSeconds(66)).read(signed.code());
    assertThat(stale).isInstanceOf(PassSigner.Reading.Stale.class);
    assertThat(((PassSigner.Reading.Stale) stale).wallet()).isEqualTo(WALLET);

    String[] parts = signed.code().split("\\.");
    String otherWallet =
        new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8)
            .replace(
                "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045",
                "0x0000000000000000000000000000000000000001");
    String forged =
        "P1."
            + Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(otherWallet.getBytes(StandardCharsets.UTF_8))
            + "."
            + parts[2];
    PassSigner.Reading bad = signing(ISSUED.plusSeconds(5)).read(forged);
    assertThat(bad).isInstanceOf(PassSigner.Reading.Invalid.class);
    assertThat(((PassSigner.Reading.Invalid) bad).detail()).isPresent();

    for (String text : new String[] {"hello", "P1.x", "P1.!!.??", "P2.a.b", "P1.e30.AAAA"}) {
      PassSigner.Reading foreign = signing(ISSUED).read(text);
      assertThat(foreign).as(text).isInstanceOf(PassSigner.Reading.Invalid.class);
      assertThat(((PassSigner.Reading.Invalid) foreign).detail()).as(text).isEmpty();
    }
    assertThat(PassCode.expand(signed.code(), org.walletstate.verifier.Namespace.SERVICE))
        .contains("\"kid\":\"service-pass-v2\"");
  }

  @Test
  void pinHash_isPbkdf2Sha512_asBouncyCastleComputesIt() {
    byte[] salt = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    Pbkdf2PinHasher hasher = new Pbkdf2PinHasher(1_000);
    String ours = hasher.hash(ScannerPin.parse("4821", "pin"), salt);
    PKCS5S2ParametersGenerator bc = new PKCS5S2ParametersGenerator(new SHA512Digest());
    bc.init("4821".getBytes(StandardCharsets.US_ASCII), salt, 1_000);
    byte[] theirs = ((KeyParameter) bc.generateDerivedParameters(256)).getKey();
    assertThat(ours).isEqualTo("pbkdf2-sha512$1000$" + Base64.getEncoder().encodeToString(theirs));
    assertThat(hasher.hash(ScannerPin.parse("4822", "pin"), salt)).isNotEqualTo(ours);
    assertThat(new Pbkdf2PinHasher().hash(ScannerPin.parse("4821", "pin"), salt))
        .startsWith("pbkdf2-sha512$210000$");
  }

  @Test
  void cli_verifiesAnIssuedPassAndItsCode_andRefusesAStaleOne(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path keys = dir.resolve("jwks.json");
    java.nio.file.Files.writeString(keys, new PublishedKeySet(TestSigning.keys()).jwksJson());
    Instant now = Instant.now();
    PassSigner.Signed fresh = signing(now).sign(new InStorePass(WALLET, now));
    PassSigner.Signed stale = signing(now).sign(new InStorePass(WALLET, now.minusSeconds(200)));
    java.nio.file.Path data = dir.resolve("pass.json");
    java.nio.file.Files.writeString(data, fresh.dataJson());
    java.nio.file.Path code = dir.resolve("code.txt");
    java.nio.file.Files.writeString(code, fresh.code() + "\n");
    java.nio.file.Path old = dir.resolve("old.txt");
    java.nio.file.Files.writeString(old, stale.code());

    assertThat(cli("--keys", keys.toString(), "--pass", data.toString()))
        .startsWith("0:")
        .containsPattern("pq\\s+ok\\s+verified")
        .containsPattern("valid\\s+ok");
    assertThat(cli("--keys", keys.toString(), "--pass", code.toString()))
        .startsWith("0:")
        .containsPattern("pq\\s+ok\\s+absent");
    assertThat(cli("--keys", keys.toString(), "--pass", old.toString()))
        .startsWith("1:")
        .containsPattern("expiry\\s+FAIL");
    assertThat(cli("--keys", keys.toString(), "--trust", "--pass", code.toString()))
        .startsWith("2:");
  }

  private static String cli(String... args) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    int exit =
        org.walletstate.verifier.cli.VerifyCommand.run(
            args,
            new java.io.PrintStream(out, true, StandardCharsets.UTF_8),
            new java.io.PrintStream(
                new java.io.ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    return exit + ":" + out.toString(StandardCharsets.UTF_8);
  }
}
