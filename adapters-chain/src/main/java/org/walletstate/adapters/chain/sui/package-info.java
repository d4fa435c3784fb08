/**
 * The Sui reader: GraphQL, one checkpoint per observation ({@link
 * org.walletstate.adapters.chain.sui.SuiChainState}).
 */
package org.walletstate.adapters.chain.sui;
