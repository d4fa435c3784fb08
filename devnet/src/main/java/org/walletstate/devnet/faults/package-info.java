/**
 * A fault-injecting JSON-RPC proxy for tests: {@link org.walletstate.devnet.faults.FaultProxy}
 * listens on loopback in front of a devnet chain, passes requests through, and answers the ones a
 * {@link org.walletstate.devnet.faults.Rule} picks the way its {@link
 * org.walletstate.devnet.faults.Fault} says (delay, hang, HTTP error, malformed JSON, JSON-RPC
 * error, dropped connection, or a head that moves on before the answer). Rules are immutable values
 * that pair a {@link org.walletstate.devnet.faults.Match} with a fault and a firing limit, so a
 * campaign of many requests can be written down, logged and replayed. Requests are counted per
 * JSON-RPC method.
 */
package org.walletstate.devnet.faults;
