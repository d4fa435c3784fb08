/**
 * Sui reads as values ({@link org.walletstate.domain.sui.SuiRead}): what a condition on Sui needs.
 * The Sui adapter answers them at one checkpoint, named by sequence number and digest.
 */
package org.walletstate.domain.sui;
