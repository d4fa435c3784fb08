/**
 * Payments to the service verified on chain (a kernel package: keys, credits and merchant credits
 * all buy with them): the transaction hash, the accepted tokens and receiving address per chain,
 * the rules that turn a transaction receipt into a {@link org.walletstate.domain.payment.Payment}
 * or a reason it is none, and the credit rates.
 */
package org.walletstate.domain.payment;
