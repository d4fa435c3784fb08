/**
 * Signing in with an Ethereum wallet (a kernel package): EIP-4361 messages parsed strictly, and
 * EIP-191 {@code personal_sign} signatures checked by recovery. Wallet sign-in uses it today; the
 * discount walletProof and point-of-sale passes can use the same code.
 */
package org.walletstate.domain.siwe;
