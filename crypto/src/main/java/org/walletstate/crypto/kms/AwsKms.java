package org.walletstate.crypto.kms;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A client of the two AWS KMS operations the signer needs, over the KMS JSON protocol ({@code POST
 * /}, {@code Content-Type: application/x-amz-json-1.1}, {@code X-Amz-Target: TrentService.<op>})
 * signed with SigV4: {@code GetPublicKey} (the DER SubjectPublicKeyInfo and the key spec) and
 * {@code Sign}. Errors name the operation, the HTTP status and KMS's error type, never a
 * credential.
 */
public final class AwsKms {

  /** A key's public half as KMS reports it. */
  public record PublicKey(String keySpec, String keyUsage, byte[] subjectPublicKeyInfo) {}

  private static final String CONTENT_TYPE = "application/x-amz-json-1.1";

  private final URI endpoint;
  private final String region;
  private final SigV4.Credentials credentials;
  private final HttpClient http;
  private final Clock clock;
  private final Duration timeout;
  private final ObjectMapper json = new ObjectMapper();

  /**
   * @param endpoint {@code https://kms.<region>.amazonaws.com}, or a KMS-compatible endpoint
   * @param sessionToken for temporary credentials, else {@code null}
   */
  public AwsKms(
      URI endpoint,
      String region,
      String accessKeyId,
      String secretAccessKey,
      String sessionToken,
      Clock clock,
      Duration timeout) {
    this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
    this.region = Objects.requireNonNull(region, "region");
    this.credentials = new SigV4.Credentials(accessKeyId, secretAccessKey, sessionToken);
    this.clock = Objects.requireNonNull(clock, "clock");
    this.timeout = Objects.requireNonNull(timeout, "timeout");
    this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
  }

  /** AWS's regional endpoint, {@code https://kms.<region>.amazonaws.com}. */
  public static URI regionalEndpoint(String region) {
    return URI.create("https://kms." + region + ".amazonaws.com");
  }

  /** {@code GetPublicKey}: the key's spec, usage and public key. */
  public PublicKey publicKey(String keyId) {
    ObjectNode request = json.createObjectNode().put("KeyId", keyId);
    JsonNode answer = call("GetPublicKey", request);
    return new PublicKey(
        answer.path("KeySpec").asText(),
        answer.path("KeyUsage").asText(),
        Base64.getDecoder().decode(answer.path("PublicKey").asText()));
  }

  /**
   * {@code Sign}: the signature of {@code message} with {@code algorithm} ({@code ECDSA_SHA_256},
   * {@code ML_DSA_SHAKE_256}); {@code messageType} {@code RAW}, {@code DIGEST} or {@code
   * EXTERNAL_MU}. ECDSA signatures come DER-encoded.
   */
  public byte[] sign(String keyId, byte[] message, String messageType, String algorithm) {
    ObjectNode request =
        json.createObjectNode()
            .put("KeyId", keyId)
            .put("Message", Base64.getEncoder().encodeToString(message))
            .put("MessageType", messageType)
            .put("SigningAlgorithm", algorithm);
    JsonNode answer = call("Sign", request);
    return Base64.getDecoder().decode(answer.path("Signature").asText());
  }

  private JsonNode call(String operation, ObjectNode request) {
    byte[] body = request.toString().getBytes(StandardCharsets.UTF_8);
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("content-type", CONTENT_TYPE);
    headers.put("x-amz-target", "TrentService." + operation);
    String host =
        endpoint.getPort() < 0 ? endpoint.getHost() : endpoint.getHost() + ":" + endpoint.getPort();
    Map<String, String> auth =
        SigV4.sign(credentials, region, "kms", host, headers, body, clock.instant());
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(endpoint.resolve("/"))
            .timeout(timeout)
            .header("Content-Type", CONTENT_TYPE)
            .header("X-Amz-Target", "TrentService." + operation)
            .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    auth.forEach(builder::header);
    HttpResponse<String> response;
    try {
      response = http.send(builder.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new IllegalStateException(
          "KMS " + operation + " failed: " + e.getClass().getSimpleName());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("KMS " + operation + " interrupted");
    }
    JsonNode answer;
    try {
      answer = json.readTree(response.body());
    } catch (IOException e) {
      answer = json.createObjectNode();
    }
    if (response.statusCode() != 200) {
      String type = answer.path("__type").asText("unknown error");
      throw new IllegalStateException(
          "KMS " + operation + " answered HTTP " + response.statusCode() + ": " + type);
    }
    return answer;
  }

  @Override
  public String toString() {
    return "AwsKms[" + endpoint.getHost() + ", " + region + ", " + credentials + "]";
  }
}
