package org.walletstate.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walletstate.verifier.Namespace;

class SigningKeysTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path data;

  @Test
  void keyDirectory_generatesOnceOwnerOnlyAndReusesOnRestart() throws Exception {
    Path dir = data.resolve("keys");
    SigningKeys first = KeyDirectory.loadOrCreate(dir, Namespace.SERVICE, new SecureRandom());
    SigningKeys second = KeyDirectory.loadOrCreate(dir, Namespace.SERVICE, new SecureRandom());

    assertThat(new PublishedKeySet(second).jwksJson())
        .isEqualTo(new PublishedKeySet(first).jwksJson());
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)))
        .isEqualTo("rwx------");
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(dir.resolve(KeyDirectory.EC_FILE))))
        .isEqualTo("rw-------");
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(dir.resolve(KeyDirectory.ML_DSA_FILE))))
        .isEqualTo("rw-------");
  }

  @Test
  void keyDirectory_refusesAKeyFileOthersCanRead() throws Exception {
    Path dir = data.resolve("keys");
    KeyDirectory.loadOrCreate(dir, Namespace.SERVICE, new SecureRandom());
    Files.setPosixFilePermissions(
        dir.resolve(KeyDirectory.EC_FILE), PosixFilePermissions.fromString("rw-r--r--"));
    assertThatThrownBy(() -> KeyDirectory.loadOrCreate(dir, Namespace.SERVICE, new SecureRandom()))
        .hasStackTraceContaining("accessible to group or others");
  }

  @Test
  void privateMaterial_neverAppearsInToStringOrErrors() throws Exception {
    String ecJwk = TestSigning.resource("test-keys/TEST-ONLY-p256.private.jwk.json");
    String pqJwk = TestSigning.resource("test-keys/TEST-ONLY-ml-dsa-65.private.jwk.json");
    String d = JSON.readTree(ecJwk).get("d").asText();
    String seed = JSON.readTree(pqJwk).get("priv").asText();
    SigningKeys keys = TestSigning.keys();

    assertThat(keys.toString() + keys.ec() + keys.mlDsa())
        .doesNotContain(d)
        .doesNotContain(seed)
        .contains("redacted");

    ObjectNode wrongPub = (ObjectNode) JSON.readTree(pqJwk);
    wrongPub.put(
        "pub",
        JSON.readTree(MlDsaSigningKey.generate(new SecureRandom()).toPrivateJwk())
            .get("pub")
            .asText());
    assertThatThrownBy(
            () -> MlDsaSigningKey.fromPrivateJwk(wrongPub.toString(), new SecureRandom()))
        .hasMessageContaining("pub is not the public key of priv")
        .hasMessageNotContaining(seed);

    ObjectNode wrongPoint = (ObjectNode) JSON.readTree(ecJwk);
    wrongPoint.put("x", wrongPoint.get("y").asText());
    assertThatThrownBy(() -> EcSigningKey.fromPrivateJwk(wrongPoint.toString()))
        .hasMessageContaining("not the public point of d")
        .hasMessageNotContaining(d);

    ObjectNode shortSeed = (ObjectNode) JSON.readTree(pqJwk);
    shortSeed.put("priv", seed.substring(0, 20));
    assertThatThrownBy(
            () -> MlDsaSigningKey.fromPrivateJwk(shortSeed.toString(), new SecureRandom()))
        .hasMessageNotContaining(seed.substring(0, 20));
  }

  @Test
  void privateJwk_roundTripsTheSameKeys() {
    EcSigningKey ec = EcSigningKey.generate(new SecureRandom());
    MlDsaSigningKey pq = MlDsaSigningKey.generate(new SecureRandom());
    assertThat(EcSigningKey.fromPrivateJwk(ec.toPrivateJwk()).publicJwk())
        .isEqualTo(ec.publicJwk());
    assertThat(MlDsaSigningKey.fromPrivateJwk(pq.toPrivateJwk(), new SecureRandom()).publicKey())
        .isEqualTo(pq.publicKey());
  }
}
