/**
 * Payments on EVM chains through web3j: transaction receipts for payment verification, and the
 * access pass (minting with the service's minter key, reading who holds one).
 */
package org.walletstate.adapters.chain.evm.web3j.payment;
