/**
 * The domain half of {@code POST /v1/attest}: the validated {@link
 * org.walletstate.domain.attest.AttestRequest request}, the {@link
 * org.walletstate.domain.attest.ReadPlan reads} it needs per chain, and the {@link
 * org.walletstate.domain.attest.AttestEvaluation evaluation} of the read outcomes into results, a
 * refusal or an {@code rpc_failure}.
 */
package org.walletstate.domain.attest;
