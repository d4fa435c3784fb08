/**
 * Stellar reads as values ({@link org.walletstate.domain.stellar.StellarRead}): what a condition on
 * Stellar needs. The Stellar adapter answers them from one ledger, which it names by index and
 * hash.
 */
package org.walletstate.domain.stellar;
