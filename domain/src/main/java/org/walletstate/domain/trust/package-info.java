/**
 * Wallet trust profiles: the check list as versioned data ({@link
 * org.walletstate.domain.trust.TrustCheckList}, loaded from this jar and validated when first
 * used), the request values ({@link org.walletstate.domain.trust.TrustCommand}, {@link
 * org.walletstate.domain.trust.TrustBatchCommand}), what to read per chain for one or many wallets
 * ({@link org.walletstate.domain.trust.TrustReadPlan}) and the profile's evaluation as pure
 * functions ({@link org.walletstate.domain.trust.TrustEvaluation}). Uses the kernel only.
 */
package org.walletstate.domain.trust;
