/**
 * The service's signer: the P-256 and ML-DSA-65 keys, signed attestations and trust profiles, the
 * JWT pair and the published key set. Signed bytes come from the verifier SDK's {@code Preimages};
 * nothing here serializes signed content on its own.
 */
package org.walletstate.crypto;
