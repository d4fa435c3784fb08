/**
 * The transparency log of signed statements: integrating appended entries into the tree in batches
 * ({@link org.walletstate.application.tlog.IntegrateLog}) and answering checkpoints, inclusion and
 * consistency proofs ({@link org.walletstate.application.tlog.LogQueryService}).
 */
package org.walletstate.application.tlog;
