/** The transparency log's public reads: checkpoints, inclusion and consistency proofs. */
package org.walletstate.adapters.http.tlog;
