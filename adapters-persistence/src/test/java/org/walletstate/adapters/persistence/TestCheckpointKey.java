package org.walletstate.adapters.persistence;

import org.walletstate.application.port.out.CheckpointSigner;
import org.walletstate.domain.tlog.Checkpoint;

/** The key facts the log's reads repeat; this module signs nothing, so nothing is signed here. */
enum TestCheckpointKey implements CheckpointSigner {
  INSTANCE;

  @Override
  public String sign(Checkpoint checkpoint) {
    throw new UnsupportedOperationException("the persistence tests seal their own notes");
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
