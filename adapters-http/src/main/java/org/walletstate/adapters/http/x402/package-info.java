/**
 * Pay-per-call (x402): payment quotes for callers without credentials, and the one way a payable
 * endpoint is served, whoever pays ({@link org.walletstate.adapters.http.x402.PerCallPayments}).
 */
package org.walletstate.adapters.http.x402;
