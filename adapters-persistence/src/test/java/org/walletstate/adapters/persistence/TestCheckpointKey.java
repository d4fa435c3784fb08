package org.walletstate.adapters.persistence;

import org.walletstate.application.port.out.CheckpointSigner;
import org.walletstate.domain.tlog.Checkpoint;

/**
 * The key facts the log's reads repeat. This module holds no signing key, so a "signed" note here
 * is the checkpoint's body with a signature line of zeros under the zero key id: well-formed, and
 * never valid under any key (the crypto module's tests sign real notes).
 */
enum TestCheckpointKey implements CheckpointSigner {
  INSTANCE;

  @Override
  public String sign(Checkpoint checkpoint) {
    return checkpoint.body()
        + "\n\u2014 "
        + origin()
        + " "
        + java.util.Base64.getEncoder().encodeToString(new byte[4 + 64])
        + "\n";
  }

  @Override
  public String origin() {
    return "test/log";
  }

  @Override
  public String publicKeyBase64() {
    return "";
  }

  @Override
  public String keyIdHex() {
    return "00000000";
  }
}
