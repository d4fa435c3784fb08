/** Settlement of x402 payments through a facilitator's HTTP interface. */
package org.walletstate.adapters.chain.x402;
