package org.walletstate.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walletstate.domain.tlog.Checkpoint;
import org.walletstate.verifier.tlog.SignedCheckpoint;

/**
 * The log's Ed25519 note key: a checkpoint signed with it carries the P-256 line first, unchanged,
 * then the Ed25519 line, and the SDK verifies each with its own key (the Ed25519 one read from the
 * published verifier key); the key round-trips as a private JWK, one whose {@code x} is not its
 * {@code d}'s is refused, and the key directory keeps one owner-only and returns it on every load.
 */
class Ed25519NoteKeyTest {

  @TempDir Path dir;

  private static final String ORIGIN = "log.example.test/log";

  @Test
  void aCheckpointCarriesBothLinesAndEachVerifiesWithItsKey() {
    Ed25519NoteKey ed25519 = Ed25519NoteKey.generate(new SecureRandom());
    CheckpointSigning both = new CheckpointSigning(TestSigning.keys(), ed25519, ORIGIN);
    CheckpointSigning es256Only = new CheckpointSigning(TestSigning.keys(), ORIGIN);
    Checkpoint checkpoint = new Checkpoint(ORIGIN, 9, new byte[32], Instant.ofEpochSecond(1));
    String note = both.sign(checkpoint);
    String[] lines = note.split("\n");
    assertThat(lines).hasSize(7);
    assertThat(lines[5]).startsWith("\u2014 " + ORIGIN + " ");
    assertThat(lines[6]).startsWith("\u2014 " + ORIGIN + " ");
    // the Ed25519 line: the key id, then 64 bytes of signature
    byte[] ed = Base64.getDecoder().decode(lines[6].substring(("\u2014 " + ORIGIN + " ").length()));
    assertThat(ed).hasSize(68);
    assertThat(java.util.Arrays.copyOf(ed, 4)).isEqualTo(ed25519.keyId(ORIGIN));

    SignedCheckpoint parsed = SignedCheckpoint.parse(note);
    String vkey = both.ed25519VerifierKey().orElseThrow();
    assertThat(vkey).startsWith(ORIGIN + "+");
    assertThat(parsed.signedBy(SignedCheckpoint.publicKey(vkey))).isTrue();
    assertThat(parsed.signedBy(SignedCheckpoint.publicKey(both.publicKeyBase64()))).isTrue();
    String other = Ed25519NoteKey.generate(new SecureRandom()).verifierKey(ORIGIN);
    assertThat(parsed.signedBy(SignedCheckpoint.publicKey(other))).isFalse();
    assertThat(
            SignedCheckpoint.parse(note.replace("\n9\n", "\n10\n"))
                .signedBy(SignedCheckpoint.publicKey(vkey)))
        .isFalse();

    // without the key: the P-256 line only, and no verifier key
    SignedCheckpoint single = SignedCheckpoint.parse(es256Only.sign(checkpoint));
    assertThat(es256Only.ed25519VerifierKey()).isEmpty();
    assertThat(single.signedBy(SignedCheckpoint.publicKey(vkey))).isFalse();
    assertThat(single.signedBy(SignedCheckpoint.publicKey(es256Only.publicKeyBase64()))).isTrue();
  }

  @Test
  void theKeyRoundTripsAsAPrivateJwkAndAWrongXIsRefused() {
    Ed25519NoteKey key = Ed25519NoteKey.generate(new SecureRandom());
    String jwk = key.toPrivateJwk();
    Ed25519NoteKey again = Ed25519NoteKey.fromPrivateJwk(jwk);
    assertThat(again.publicKey()).isEqualTo(key.publicKey());
    assertThat(again.verifierKey(ORIGIN)).isEqualTo(key.verifierKey(ORIGIN));
    String otherX =
        Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString(Ed25519NoteKey.generate(new SecureRandom()).publicKey());
    String wrong = jwk.replaceAll("\"x\":\"[^\"]+\"", "\"x\":\"" + otherX + "\"");
    assertThatThrownBy(() -> Ed25519NoteKey.fromPrivateJwk(wrong))
        .hasMessageContaining("x that is not the key of its d")
        .hasMessageNotContaining(otherX);
    assertThatThrownBy(() -> Ed25519NoteKey.fromPrivateJwk(jwk.replace("Ed25519", "X25519")))
        .hasMessageContaining("crv Ed25519");
  }

  @Test
  void theKeyDirectoryKeepsOneOwnerOnlyKey() throws Exception {
    Path keys = dir.resolve("keys");
    Ed25519NoteKey first = KeyDirectory.loadOrCreateLogKey(keys, new SecureRandom());
    Ed25519NoteKey second = KeyDirectory.loadOrCreateLogKey(keys, new SecureRandom());
    assertThat(second.publicKey()).isEqualTo(first.publicKey());
    Path file = keys.resolve(KeyDirectory.LOG_ED25519_FILE);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    assertThat(Files.readString(file, StandardCharsets.UTF_8)).contains("\"crv\":\"Ed25519\"");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    assertThatThrownBy(() -> KeyDirectory.loadOrCreateLogKey(keys, new SecureRandom()))
        .hasRootCauseMessage(
            file + " is accessible to group or others (rw-r--r--); restrict it to the owner");
  }
}
