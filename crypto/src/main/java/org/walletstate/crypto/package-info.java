/**
 * The service's signer: the P-256 and ML-DSA-65 keys, signed attestations and trust profiles, the
 * JWT pair and the published key set. Signed bytes, kids and the {@code data} layout come from the
 * verifier SDK's {@code StatementType} definitions; nothing here serializes signed content on its
 * own.
 */
package org.walletstate.crypto;
