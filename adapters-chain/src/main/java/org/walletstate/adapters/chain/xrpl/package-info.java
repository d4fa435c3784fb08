/** The XRP Ledger reader: JSON-RPC over plain HTTP, every call pinned to one validated ledger. */
package org.walletstate.adapters.chain.xrpl;
