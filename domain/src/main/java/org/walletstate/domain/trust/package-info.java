/**
 * Wallet trust profiles: the check list as versioned data ({@link
 * org.walletstate.domain.trust.TrustCheckList}, loaded from this jar and validated when first
 * used), a profile's wallets ({@link org.walletstate.domain.trust.TrustWallets}; the commands and
 * their readers are in the application's {@code trust.port.in}), what to read per chain for one or
 * many wallets ({@link org.walletstate.domain.trust.TrustReadPlan}) and the profile's evaluation as
 * pure functions ({@link org.walletstate.domain.trust.TrustEvaluation}). Uses the kernel only.
 */
package org.walletstate.domain.trust;
