/**
 * Who may claim a verified payment: the proof that the caller controls the wallet that sent it
 * ({@link org.walletstate.domain.payment.payer.SenderProof}, a message bound to one purchase and
 * signed with the sending wallet's own chain's message signing), and payment intents issued before
 * paying for senders that cannot sign (exchanges, relayers).
 */
package org.walletstate.domain.payment.payer;
