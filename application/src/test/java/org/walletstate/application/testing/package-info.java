/**
 * In-memory fakes of the application's outgoing ports, shared by every module's tests through the
 * application's test-jar: a credit ledger with the port's idempotency and refund rules, chain state
 * answered from a table of readings, key admission, API keys, wallet keys, purchases, payment
 * intents, pass mints and the access pass, merchants, discount codes, the token registry, scanners
 * and their lockout, pass renewals, watches and their deliveries, sender nonces, a payment
 * verification and a pass signer the test scripts, signers that record what they signed, entropy
 * and a clock the test moves. Each keeps what it was asked so a test can assert on it. {@link
 * org.walletstate.application.testing.Threads} tells whether a thread runs none of the project's
 * code, as one that handed a statement to a held append and went back to its pool.
 */
package org.walletstate.application.testing;
