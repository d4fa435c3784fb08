package org.walletstate.verifier.tlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.util.Arrays;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/**
 * Signed checkpoints made here with the JDK's own ECDSA (not the service's signer), checked by
 * {@link SignedCheckpoint}: the right key verifies, a wrong key, a changed body and a bent
 * signature do not.
 */
class SignedCheckpointTest {

  private static final String BODY =
      "api.example.com/log\n8\nXcnaeacGWamtVZy3Ad7Zoqudgjqtl0lgz+Nw7/RgQyg=\ntime 1764322000\n";

  private static KeyPair key() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(new ECGenParameterSpec("secp256r1"));
    return generator.generateKeyPair();
  }

  private static String note(String body, KeyPair key) throws Exception {
    Signature signer = Signature.getInstance("SHA256withECDSA");
    signer.initSign(key.getPrivate());
    signer.update(body.getBytes(StandardCharsets.UTF_8));
    byte[] signature = signer.sign();
    byte[] id =
        Arrays.copyOf(MessageDigest.getInstance("SHA-256").digest(key.getPublic().getEncoded()), 4);
    byte[] line = new byte[4 + signature.length];
    System.arraycopy(id, 0, line, 0, 4);
    System.arraycopy(signature, 0, line, 4, signature.length);
    return body + "\n\u2014 api.example.com/log " + Base64.getEncoder().encodeToString(line) + "\n";
  }

  @Test
  void readsTheCheckpointAndChecksItsSignature() throws Exception {
    KeyPair key = key();
    SignedCheckpoint checkpoint = SignedCheckpoint.parse(note(BODY, key));
    assertThat(checkpoint.origin()).isEqualTo("api.example.com/log");
    assertThat(checkpoint.size()).isEqualTo(8);
    assertThat(checkpoint.root()).hasSize(32);
    assertThat(checkpoint.extensions()).containsExactly("time 1764322000");
    assertThat(checkpoint.signedBy(key.getPublic())).isTrue();
    assertThat(
            SignedCheckpoint.publicKey(
                Base64.getEncoder().encodeToString(key.getPublic().getEncoded())))
        .isEqualTo(key.getPublic());
  }

  @Test
  void aWrongSignatureAChangedBodyOrAnotherKeyAreRejected() throws Exception {
    KeyPair key = key();
    String note = note(BODY, key);
    assertThat(SignedCheckpoint.parse(note).signedBy(key().getPublic())).isFalse();
    String changed = note.replace("\n8\n", "\n9\n");
    assertThat(SignedCheckpoint.parse(changed).signedBy(key.getPublic())).isFalse();
    // the same signature line under a note signed for another body
    String other = note(BODY.replace("time 1764322000", "time 1764322001"), key);
    String swapped = BODY + other.substring(other.indexOf("\n\n") + 1);
    assertThat(SignedCheckpoint.parse(swapped).signedBy(key.getPublic())).isFalse();
  }

  @Test
  void malformedNotesAreRefusedWithTheirReason() {
    assertThatThrownBy(() -> SignedCheckpoint.parse("no blank line\n"))
        .hasMessageContaining("blank line");
    assertThatThrownBy(() -> SignedCheckpoint.parse("o\nx\nAAAA\n\n\u2014 o AAAA\n"))
        .hasMessageContaining("size");
    assertThatThrownBy(() -> SignedCheckpoint.parse("o\n1\nAAAA\n\n\u2014 o AAAA\n"))
        .hasMessageContaining("32 bytes");
  }
}
