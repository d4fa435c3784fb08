/**
 * Signing in with an Ethereum wallet (a kernel package): EIP-4361 messages parsed strictly, and
 * EIP-191 {@code personal_sign} signatures checked by recovery. Wallet sign-in, the discount
 * walletProof and the point-of-sale pass sign-in use it, each for its own {@link
 * org.walletstate.domain.siwe.SignInPurpose}, so no message is accepted for another's purpose.
 */
package org.walletstate.domain.siwe;
