/** Signing keys from configuration, the signer and the published key set. */
package org.walletstate.adapters.http.signing;
