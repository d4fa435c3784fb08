package org.walletstate.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.security.Signature;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import org.bouncycastle.pqc.crypto.mldsa.MLDSASigner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.AttestationSigner.SignedAttestation;
import org.walletstate.application.port.out.AttestationSigner.SigningRequest;
import org.walletstate.application.port.out.StatementLog;
import org.walletstate.crypto.kms.AwsKms;
import org.walletstate.crypto.kms.FakeKms;
import org.walletstate.crypto.kms.KmsSigningKeys;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.KeySet;
import org.walletstate.verifier.Namespace;
import org.walletstate.verifier.PqStatus;
import org.walletstate.verifier.VerifiedAttestation;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.kms.KmsClient;
import software.amazon.awssdk.services.kms.model.GetPublicKeyResponse;
import software.amazon.awssdk.services.kms.model.KmsException;
import software.amazon.awssdk.services.kms.model.MessageType;
import software.amazon.awssdk.services.kms.model.SignResponse;
import software.amazon.awssdk.services.kms.model.SigningAlgorithmSpec;

/**
 * The signer with both keys in KMS, against a loopback stand-in that speaks the KMS JSON API with
 * real keys and checks every request's SigV4 signature. The AWS SDK's own KMS client is first
 * pointed at the stand-in, so the stand-in is known to answer what the SDK sends and reads, and the
 * SigV4 computation the stand-in checks with is known to agree with the SDK's. Then the service's
 * client signs attestations whose signatures (ES256 from a DER answer, ML-DSA-65 RAW and
 * EXTERNAL_MU) the verifier SDK accepts against the published key set.
 */
class KmsSignerTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static FakeKms kms;

  @BeforeAll
  static void start() throws Exception {
    kms = FakeKms.start();
  }

  @AfterAll
  static void stop() {
    kms.close();
  }

  private static AwsKms client(String secret) {
    return new AwsKms(
        kms.endpoint(),
        FakeKms.REGION,
        FakeKms.ACCESS_KEY,
        secret,
        null,
        Clock.systemUTC(),
        Duration.ofSeconds(5));
  }

  @Test
  void theAwsSdk_talksToTheStandIn_andItsSigV4MatchesOurs() throws Exception {
    try (KmsClient sdk =
        KmsClient.builder()
            .endpointOverride(kms.endpoint())
            .region(Region.of(FakeKms.REGION))
            .credentialsProvider(
                StaticCredentialsProvider.create(
                    AwsBasicCredentials.create(FakeKms.ACCESS_KEY, FakeKms.SECRET)))
            .httpClient(UrlConnectionHttpClient.create())
            .build()) {
      GetPublicKeyResponse key = sdk.getPublicKey(r -> r.keyId(FakeKms.P256));
      assertThat(key.keySpecAsString()).isEqualTo("ECC_NIST_P256");
      assertThat(key.publicKey().asByteArray()).isEqualTo(kms.p256PublicKey().getEncoded());
      byte[] message = "hello".getBytes();
      SignResponse signed =
          sdk.sign(
              r ->
                  r.keyId(FakeKms.P256)
                      .message(SdkBytes.fromByteArray(message))
                      .messageType(MessageType.RAW)
                      .signingAlgorithm(SigningAlgorithmSpec.ECDSA_SHA_256));
      Signature verify = Signature.getInstance("SHA256withECDSA");
      verify.initVerify(kms.p256PublicKey());
      verify.update(message);
      assertThat(verify.verify(signed.signature().asByteArray())).isTrue();
      assertThat(sdk.getPublicKey(r -> r.keyId(FakeKms.ML_DSA)).keySpecAsString())
          .isEqualTo("ML_DSA_65");
    }
    assertThat(kms.calls()).extracting(FakeKms.Call::operation).contains("GetPublicKey", "Sign");
  }

  @Test
  void attestations_signedInKms_verifyWithTheSdk_inBothKidsAndTheJwts() throws Exception {
    SigningKeys keys =
        KmsSigningKeys.load(
            client(FakeKms.SECRET), Namespace.SERVICE, FakeKms.P256, FakeKms.ML_DSA);
    DualAttestationSigner signer =
        new DualAttestationSigner(keys, TestSigning.ISSUER, StatementLog.NONE);
    SignedAttestation signed =
        signer.sign(
            new SigningRequest(TestSigning.attestation(), KeyVersion.V2, true, TestSigning.WALLET));
    AttestationVerifier verifier =
        AttestationVerifier.builder(KeySet.parse(new PublishedKeySet(keys).jwksJson()))
            .clock(Clock.fixed(TestSigning.clockInWindow().instant(), ZoneOffset.UTC))
            .pqRequiredFrom(Instant.parse("2026-01-01T00:00:00Z"))
            .build();
    VerifiedAttestation verified = verifier.verify(signed.dataJson());
    assertThat(verified.kid()).isEqualTo("service-attest-v2");
    assertThat(verified.report().pq().status()).isEqualTo(PqStatus.VERIFIED);
    assertThat(verified.report().jwt().orElseThrow().passed()).isTrue();
    // the published keys are KMS's: the test-only local keys would not verify these
    assertThatThrownBy(
            () ->
                TestSigning.verifier(TestSigning.clockInWindow().instant())
                    .verify(signed.dataJson()))
        .isInstanceOf(Exception.class);
    JsonNode signs =
        JSON.valueToTree(
            kms.calls().stream()
                .filter(c -> c.operation().equals("Sign"))
                .map(FakeKms.Call::body)
                .toList());
    assertThat(signs.findValuesAsText("MessageType")).contains("DIGEST", "RAW");
  }

  @Test
  void aLongMessage_isSignedThroughItsMu_andVerifiesAsPureMlDsa65() {
    MlDsaSigningKey key =
        KmsSigningKeys.load(client(FakeKms.SECRET), Namespace.SERVICE, FakeKms.P256, FakeKms.ML_DSA)
            .mlDsa();
    byte[] message = new byte[20_000]; // a trust profile's preimage is tens of kilobytes
    Arrays.fill(message, (byte) 7);
    int before = kms.calls().size();
    byte[] signature = key.sign(message);
    assertThat(kms.calls().subList(before, kms.calls().size()))
        .extracting(c -> c.body().path("MessageType").asText())
        .containsExactly("EXTERNAL_MU");
    MLDSASigner verifier = new MLDSASigner();
    verifier.init(false, kms.mlDsaPublicKey());
    verifier.update(message, 0, message.length);
    assertThat(verifier.verifySignature(signature)).isTrue();
    byte[] ecSignature =
        KmsSigningKeys.load(client(FakeKms.SECRET), Namespace.SERVICE, FakeKms.P256, FakeKms.ML_DSA)
            .ec()
            .sign(message);
    assertThat(ecSignature).hasSize(64);
  }

  @Test
  void wrongCredentials_orAKeyOfTheWrongSpec_stopTheLoad() {
    assertThatThrownBy(
            () ->
                KmsSigningKeys.load(
                    client("not-the-secret"), Namespace.SERVICE, FakeKms.P256, FakeKms.ML_DSA))
        .hasMessageContaining("HTTP 400: InvalidSignatureException")
        .hasMessageNotContaining("not-the-secret");
    assertThatThrownBy(
            () ->
                KmsSigningKeys.load(
                    client(FakeKms.SECRET), Namespace.SERVICE, FakeKms.ML_DSA, FakeKms.P256))
        .hasMessageContaining("expected ECC_NIST_P256/SIGN_VERIFY");
    assertThatThrownBy(
            () ->
                new AwsKms(
                        URI.create("http://127.0.0.1:9"),
                        FakeKms.REGION,
                        FakeKms.ACCESS_KEY,
                        FakeKms.SECRET,
                        null,
                        Clock.systemUTC(),
                        Duration.ofSeconds(2))
                    .publicKey(FakeKms.P256))
        .hasMessageStartingWith("KMS GetPublicKey failed");
    assertThat(KmsException.class).isNotNull(); // the SDK's error type, for the record
  }
}
