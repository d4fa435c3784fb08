package org.walletstate.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.AttestationSigner.SigningRequest;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.CanonicalJson;
import org.walletstate.verifier.KeySet;
import org.walletstate.verifier.Namespace;
import org.walletstate.verifier.PqStatus;
import org.walletstate.verifier.PreimageScheme;
import org.walletstate.verifier.Preimages;
import org.walletstate.verifier.StatementType;

/**
 * Our ML-DSA-65 against an independent implementation, {@code @noble/post-quantum} 0.7.1 (pinned in
 * {@code src/test/js}, installed by the build with {@code npm ci}): the same seed gives the same
 * public key, our signatures verify there, and theirs verify with our SDK.
 */
class NobleCrossCheckTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path SCRIPT = Path.of("src/test/js/ml-dsa-65.mjs");

  private static String seed() throws IOException {
    return JSON.readTree(TestSigning.resource("test-keys/TEST-ONLY-ml-dsa-65.private.jwk.json"))
        .get("priv")
        .asText();
  }

  @Test
  void sameSeed_derivesTheSamePublicKey() throws Exception {
    ObjectNode request = JSON.createObjectNode().put("op", "keygen").put("seed", standard(seed()));
    JsonNode answer = noble(request);
    assertThat(Base64.getDecoder().decode(answer.get("publicKey").asText()))
        .isEqualTo(TestSigning.keys().mlDsa().publicKey());
  }

  @Test
  void ourCompanionSignature_verifiesWithNobleOverOurPreimage() throws Exception {
    String data =
        TestSigning.signer()
            .sign(new SigningRequest(TestSigning.attestation(), KeyVersion.V2, false, null))
            .dataJson();
    JsonNode parsed = CanonicalJson.parse(data);
    Preimages preimages = Preimages.of(Namespace.SERVICE);
    byte[] message =
        preimages.attestationCompanion(
            preimages.attestation(PreimageScheme.V2, parsed.get("attestation")));
    ObjectNode request =
        JSON.createObjectNode()
            .put("op", "verify")
            .put(
                "publicKey",
                Base64.getEncoder().encodeToString(TestSigning.keys().mlDsa().publicKey()))
            .put("message", Base64.getEncoder().encodeToString(message))
            .put("signature", parsed.get("pqSig").asText());
    assertThat(noble(request).get("valid").asBoolean()).isTrue();

    message[message.length - 2] ^= 1;
    request.put("message", Base64.getEncoder().encodeToString(message));
    assertThat(noble(request).get("valid").asBoolean()).isFalse();
  }

  @Test
  void ourDiscountCompanion_verifiesWithNobleOverOurPreimage() throws Exception {
    String data = TestSigning.signer().signDiscount(GoldenArtifactsTest.discount());
    JsonNode parsed = CanonicalJson.parse(data);
    Preimages preimages = Preimages.of(Namespace.SERVICE);
    byte[] message =
        preimages.companion(
            StatementType.DISCOUNT,
            preimages.statement(StatementType.DISCOUNT, PreimageScheme.V2, parsed.get("discount")));
    assertThat(new String(message, StandardCharsets.UTF_8))
        .startsWith("service.discount.pq1\nservice.discount.v2\n{");
    ObjectNode request =
        JSON.createObjectNode()
            .put("op", "verify")
            .put(
                "publicKey",
                Base64.getEncoder().encodeToString(TestSigning.keys().mlDsa().publicKey()))
            .put("message", Base64.getEncoder().encodeToString(message))
            .put("signature", parsed.get("pqSig").asText());
    assertThat(noble(request).get("valid").asBoolean()).isTrue();
    assertThat(parsed.get("pqKid").asText()).isEqualTo("service-discount-pq1");
    assertThat(parsed.get("kid").asText()).isEqualTo("service-discount-v2");
  }

  @Test
  void nobleSignature_overOurPreimage_verifiesWithOurSdk() throws Exception {
    String data =
        TestSigning.signer()
            .sign(new SigningRequest(TestSigning.attestation(), KeyVersion.V2, false, null))
            .dataJson();
    ObjectNode parsed = (ObjectNode) JSON.readTree(data);
    Preimages preimages = Preimages.of(Namespace.SERVICE);
    byte[] message =
        preimages.attestationCompanion(
            preimages.attestation(PreimageScheme.V2, CanonicalJson.parse(data).get("attestation")));
    byte[] nobleSeed = new byte[32];
    new SecureRandom().nextBytes(nobleSeed);
    JsonNode signed =
        noble(
            JSON.createObjectNode()
                .put("op", "sign")
                .put("seed", Base64.getEncoder().encodeToString(nobleSeed))
                .put("message", Base64.getEncoder().encodeToString(message)));
    parsed.put("pqSig", signed.get("signature").asText());

    // publish noble's key under the companion kid beside our P-256 entries
    ObjectNode jwks =
        (ObjectNode) JSON.readTree(new PublishedKeySet(TestSigning.keys()).jwksJson());
    String pub =
        Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString(Base64.getDecoder().decode(signed.get("publicKey").asText()));
    jwks.withArray("keys")
        .forEach(
            k -> {
              if (k.get("kty").asText().equals("AKP")) {
                ((ObjectNode) k).put("pub", pub);
              }
            });
    AttestationVerifier verifier =
        AttestationVerifier.builder(KeySet.parse(JSON.writeValueAsString(jwks)))
            .clock(TestSigning.clockInWindow())
            .build();
    assertThat(verifier.report(JSON.writeValueAsString(parsed)).pq().status())
        .isEqualTo(PqStatus.VERIFIED);
    assertThat(verifier.report(data).pq().status())
        .as("our own companion does not verify under noble's key")
        .isEqualTo(PqStatus.REFUTED);
  }

  private static String standard(String base64Url) {
    return Base64.getEncoder().encodeToString(Base64.getUrlDecoder().decode(base64Url));
  }

  static JsonNode noble(JsonNode request) throws IOException, InterruptedException {
    Path input = Files.createTempFile("noble", ".json");
    try {
      Files.writeString(input, JSON.writeValueAsString(request), StandardCharsets.UTF_8);
      Process node =
          new ProcessBuilder("node", SCRIPT.getFileName().toString())
              .directory(SCRIPT.getParent().toFile())
              .redirectInput(input.toFile())
              .redirectError(ProcessBuilder.Redirect.INHERIT)
              .start();
      byte[] out = node.getInputStream().readAllBytes();
      assertThat(node.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(node.exitValue()).as("node exit code").isZero();
      return JSON.readTree(out);
    } finally {
      Files.deleteIfExists(input);
    }
  }
}
