/**
 * Bounded retries with jittered exponential backoff and failover across a chain's endpoints,
 * retrying only the requests that failed.
 */
package org.walletstate.adapters.chain.evm.retry;
