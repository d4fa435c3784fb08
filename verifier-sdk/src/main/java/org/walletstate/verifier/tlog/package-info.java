/**
 * Checking the service's transparency log: RFC 9162 inclusion and consistency proofs ({@link
 * org.walletstate.verifier.tlog.LogProofs}), the leaf of a signed statement, and signed checkpoints
 * in the C2SP {@code tlog-checkpoint} / signed-note format ({@link
 * org.walletstate.verifier.tlog.SignedCheckpoint}).
 */
package org.walletstate.verifier.tlog;
