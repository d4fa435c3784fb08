/**
 * JSON-RPC over plain HTTP for the non-EVM readers: configuration, and one transport with the EVM
 * stack's policy (timeouts, retries with backoff, failover, a deadline per observation).
 */
package org.walletstate.adapters.chain.jsonrpc;
