/**
 * The Stellar reader: Horizon's REST API, one ledger per observation ({@link
 * org.walletstate.adapters.chain.stellar.StellarChainState}).
 */
package org.walletstate.adapters.chain.stellar;
