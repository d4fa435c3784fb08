package org.walletstate.crypto.kms;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bouncycastle.crypto.AsymmetricCipherKeyPair;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAKeyGenerationParameters;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAKeyPairGenerator;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAParameters;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAPrivateKeyParameters;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAPublicKeyParameters;
import org.bouncycastle.pqc.crypto.mldsa.MLDSASigner;
import org.bouncycastle.pqc.crypto.util.SubjectPublicKeyInfoFactory;

/**
 * A stand-in for AWS KMS on the loopback interface that speaks the documented JSON API for {@code
 * GetPublicKey} and {@code Sign} with real keys: one {@code ECC_NIST_P256} key (ECDSA_SHA_256 over
 * RAW or DIGEST messages, DER signatures) and one {@code ML_DSA_65} key (ML_DSA_SHAKE_256 over RAW
 * messages of at most 4096 bytes or a 64-byte EXTERNAL_MU). Every request must carry a SigV4 {@code
 * Authorization} that this stand-in recomputes from the request itself; errors come as KMS sends
 * them ({@code {"__type": …, "message": …}} with HTTP 400).
 */
public final class FakeKms implements AutoCloseable {

  public static final String P256 = "alias/test-p256";
  public static final String ML_DSA = "alias/test-mldsa65";
  public static final String REGION = "eu-central-1";
  public static final String ACCESS_KEY = "AKIDEXAMPLETEST";
  public static final String SECRET = "test-secret-not-a-real-one";

  /** One request as received: its operation and members, for tests to inspect. */
  public record Call(String operation, JsonNode body) {}

  private static final Pattern AUTH =
      Pattern.compile(
          "AWS4-HMAC-SHA256 Credential=([^/]+)/(\\d{8})/([^/]+)/kms/aws4_request,"
              + " ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})");
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);

  private final ObjectMapper json = new ObjectMapper();
  private final HttpServer server;
  private final KeyPair p256;
  private final MLDSAPrivateKeyParameters mlDsa;
  private final List<Call> calls = new CopyOnWriteArrayList<>();

  private FakeKms() throws IOException, GeneralSecurityException {
    KeyPairGenerator ec = KeyPairGenerator.getInstance("EC");
    ec.initialize(new ECGenParameterSpec("secp256r1"));
    this.p256 = ec.generateKeyPair();
    MLDSAKeyPairGenerator generator = new MLDSAKeyPairGenerator();
    generator.init(new MLDSAKeyGenerationParameters(new SecureRandom(), MLDSAParameters.ml_dsa_65));
    AsymmetricCipherKeyPair pair = generator.generateKeyPair();
    this.mlDsa = (MLDSAPrivateKeyParameters) pair.getPrivate();
    this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", this::handle);
    server.start();
  }

  public static FakeKms start() throws IOException, GeneralSecurityException {
    return new FakeKms();
  }

  public URI endpoint() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  public List<Call> calls() {
    return calls;
  }

  public java.security.PublicKey p256PublicKey() {
    return p256.getPublic();
  }

  public MLDSAPublicKeyParameters mlDsaPublicKey() {
    return mlDsa.getPublicKeyParameters();
  }

  private void handle(HttpExchange exchange) throws IOException {
    byte[] body = exchange.getRequestBody().readAllBytes();
    try {
      String problem = checkSignature(exchange, body);
      if (problem != null) {
        answer(exchange, 400, error("InvalidSignatureException", problem));
        return;
      }
      String target = exchange.getRequestHeaders().getFirst("X-Amz-Target");
      String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
      if (!"POST".equals(exchange.getRequestMethod())
          || contentType == null
          || !contentType.startsWith("application/x-amz-json-1.1")
          || target == null
          || !target.startsWith("TrentService.")) {
        answer(exchange, 400, error("UnknownOperationException", "not a KMS JSON request"));
        return;
      }
      String operation = target.substring("TrentService.".length());
      JsonNode request = json.readTree(body);
      calls.add(new Call(operation, request));
      ObjectNode result =
          switch (operation) {
            case "GetPublicKey" -> publicKey(request);
            case "Sign" -> sign(request);
            default -> null;
          };
      if (result == null) {
        answer(exchange, 400, error("UnknownOperationException", operation));
      } else {
        answer(exchange, 200, result);
      }
    } catch (Refusal refusal) {
      answer(exchange, 400, error(refusal.type, refusal.getMessage()));
    } catch (RuntimeException | GeneralSecurityException e) {
      answer(exchange, 500, error("KMSInternalException", e.toString()));
    }
  }

  private ObjectNode publicKey(JsonNode request) {
    String keyId = request.path("KeyId").asText();
    ObjectNode answer =
        json.createObjectNode().put("KeyId", arn(keyId)).put("KeyUsage", "SIGN_VERIFY");
    try {
      if (keyId.equals(P256)) {
        answer.put("KeySpec", "ECC_NIST_P256");
        answer.put("PublicKey", Base64.getEncoder().encodeToString(p256.getPublic().getEncoded()));
        answer.putArray("SigningAlgorithms").add("ECDSA_SHA_256");
      } else if (keyId.equals(ML_DSA)) {
        answer.put("KeySpec", "ML_DSA_65");
        answer.put(
            "PublicKey",
            Base64.getEncoder()
                .encodeToString(
                    SubjectPublicKeyInfoFactory.createSubjectPublicKeyInfo(
                            mlDsa.getPublicKeyParameters())
                        .getEncoded()));
        answer.putArray("SigningAlgorithms").add("ML_DSA_SHAKE_256");
      } else {
        throw new Refusal("NotFoundException", "Key '" + keyId + "' does not exist");
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return answer;
  }

  private ObjectNode sign(JsonNode request) throws GeneralSecurityException {
    String keyId = request.path("KeyId").asText();
    byte[] message = Base64.getDecoder().decode(request.path("Message").asText());
    String type = request.path("MessageType").asText("RAW");
    String algorithm = request.path("SigningAlgorithm").asText();
    if (message.length > 4096) {
      throw new Refusal("ValidationException", "Message must be at most 4096 bytes");
    }
    byte[] signature;
    if (keyId.equals(P256) && algorithm.equals("ECDSA_SHA_256")) {
      Signature ecdsa;
      if (type.equals("RAW")) {
        ecdsa = Signature.getInstance("SHA256withECDSA");
      } else if (type.equals("DIGEST") && message.length == 32) {
        ecdsa = Signature.getInstance("NONEwithECDSA");
      } else {
        throw new Refusal("ValidationException", "bad MessageType for ECDSA_SHA_256: " + type);
      }
      ecdsa.initSign(p256.getPrivate());
      ecdsa.update(message);
      signature = ecdsa.sign(); // DER, as KMS returns it
    } else if (keyId.equals(ML_DSA) && algorithm.equals("ML_DSA_SHAKE_256")) {
      MLDSASigner signer = new MLDSASigner();
      signer.init(true, mlDsa);
      try {
        if (type.equals("RAW")) {
          signer.update(message, 0, message.length);
          signature = signer.generateSignature();
        } else if (type.equals("EXTERNAL_MU") && message.length == 64) {
          signature = signer.generateMuSignature(message);
        } else {
          throw new Refusal("ValidationException", "bad MessageType for ML_DSA_SHAKE_256: " + type);
        }
      } catch (org.bouncycastle.crypto.CryptoException e) {
        throw new IllegalStateException(e);
      }
    } else {
      throw new Refusal("InvalidKeyUsageException", algorithm + " is not valid for " + keyId);
    }
    return json.createObjectNode()
        .put("KeyId", arn(keyId))
        .put("Signature", Base64.getEncoder().encodeToString(signature))
        .put("SigningAlgorithm", algorithm);
  }

  /** Recomputes the request's SigV4 signature; a problem, or null when it matches. */
  private String checkSignature(HttpExchange exchange, byte[] body) {
    String authorization = exchange.getRequestHeaders().getFirst("Authorization");
    if (authorization == null) {
      return "no Authorization header";
    }
    Matcher auth = AUTH.matcher(authorization);
    if (!auth.matches()) {
      return "malformed Authorization header";
    }
    if (!auth.group(1).equals(ACCESS_KEY) || !auth.group(3).equals(REGION)) {
      return "unknown access key or region";
    }
    String amzDate = exchange.getRequestHeaders().getFirst("X-Amz-Date");
    Instant at = STAMP.parse(amzDate, Instant::from);
    Map<String, String> signed = new TreeMap<>();
    for (String name : auth.group(4).split(";")) {
      if (name.equals("host") || name.equals("x-amz-date")) {
        continue;
      }
      String value = exchange.getRequestHeaders().getFirst(name);
      if (value == null) {
        return "signed header " + name + " is missing";
      }
      signed.put(name, value);
    }
    String token = exchange.getRequestHeaders().getFirst("X-Amz-Security-Token");
    signed.remove("x-amz-security-token");
    Map<String, String> expected =
        SigV4.sign(
            new SigV4.Credentials(ACCESS_KEY, SECRET, token),
            REGION,
            "kms",
            exchange.getRequestHeaders().getFirst("Host"),
            signed,
            body,
            at);
    return expected.get("Authorization").equals(authorization)
        ? null
        : "the request signature we calculated does not match the signature you provided";
  }

  private static String arn(String keyId) {
    return "arn:aws:kms:" + REGION + ":111122223333:" + keyId;
  }

  private ObjectNode error(String type, String message) {
    return json.createObjectNode().put("__type", type).put("message", message);
  }

  private static void answer(HttpExchange exchange, int status, ObjectNode body)
      throws IOException {
    byte[] bytes = body.toString().getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/x-amz-json-1.1");
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
    exchange.close();
  }

  @Override
  public void close() {
    server.stop(0);
  }

  private static final class Refusal extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String type;

    Refusal(String type, String message) {
      super(message);
      this.type = type;
    }
  }
}
