/**
 * Head following: a per-chain poller keeps the chain's latest block at hand, so that an observation
 * anchors at a head that is known to be fresh without a round trip of its own, and falls back to
 * reading the head when the followed one is missing or older than the configured bound.
 */
package org.walletstate.adapters.chain.evm.head;
