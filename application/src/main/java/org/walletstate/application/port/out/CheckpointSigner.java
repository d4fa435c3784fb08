package org.walletstate.application.port.out;

import org.walletstate.domain.tlog.Checkpoint;

/**
 * Signs transparency-log checkpoints as C2SP signed notes with the service's key (ES256 over the
 * checkpoint body; see {@code docs/transparency.md}).
 */
public interface CheckpointSigner {

  /** The signed note: the body, a blank line, the signature line. */
  String sign(Checkpoint checkpoint);

  /** The origin line (and note key name) of this log's checkpoints. */
  String origin();

  /** The note key's DER SubjectPublicKeyInfo, base64. */
  String publicKeyBase64();

  /** The note key id (four bytes) in hex. */
  String keyIdHex();
}
