/**
 * {@code POST /v1/trust} and {@code POST /v1/trust/batch} for callers with a key: read the plan's
 * EVM chains once (every wallet of a batch at the same block per chain), evaluate each profile,
 * sign it, and charge only for what was signed.
 */
package org.walletstate.application.trust;
