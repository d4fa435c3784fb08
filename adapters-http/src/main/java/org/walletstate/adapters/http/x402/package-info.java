/** Pay-per-call (x402): payment quotes for callers without credentials. */
package org.walletstate.adapters.http.x402;
