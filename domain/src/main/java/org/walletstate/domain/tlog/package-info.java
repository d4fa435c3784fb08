/**
 * The transparency log's tree: RFC 9162 (Certificate Transparency v2) section 2.1 hashing over
 * perfect aligned subtrees, the incremental append of leaves, inclusion and consistency proofs, the
 * leaf of a signed statement and the checkpoint body (C2SP {@code tlog-checkpoint}). Pure
 * functions: where the nodes are kept is the adapter's business.
 */
package org.walletstate.domain.tlog;
