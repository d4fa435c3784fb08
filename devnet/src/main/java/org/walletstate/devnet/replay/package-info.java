/**
 * A local JSON-RPC replay server ({@link org.walletstate.devnet.replay.JsonRpcReplay}) for chains
 * without a local node: tests install answers in the documented shapes, broken answers, delays and
 * dropped connections per method.
 */
package org.walletstate.devnet.replay;
