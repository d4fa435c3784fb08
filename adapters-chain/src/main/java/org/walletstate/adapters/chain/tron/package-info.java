/** Tron read through the full node's HTTP API, solidified state only, bracketed by its head. */
package org.walletstate.adapters.chain.tron;
