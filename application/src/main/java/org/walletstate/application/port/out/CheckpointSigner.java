package org.walletstate.application.port.out;

import java.util.Optional;
import org.walletstate.domain.tlog.Checkpoint;

/**
 * Signs transparency-log checkpoints as C2SP signed notes with the service's key (ES256 over the
 * checkpoint body) and, when the log has one, its Ed25519 note key (a second signature line); see
 * {@code docs/transparency.md}.
 */
public interface CheckpointSigner {

  /** The signed note: the body, a blank line, the signature lines (ES256 first). */
  String sign(Checkpoint checkpoint);

  /** The origin line (and note key name) of this log's checkpoints. */
  String origin();

  /** The note key's DER SubjectPublicKeyInfo, base64. */
  String publicKeyBase64();

  /** The note key id (four bytes) in hex. */
  String keyIdHex();

  /**
   * The Ed25519 note key's verifier key, {@code <origin>+<hex key id>+<base64(0x01 || key)>}; empty
   * when checkpoints carry the ES256 line only.
   */
  default Optional<String> ed25519VerifierKey() {
    return Optional.empty();
  }
}
