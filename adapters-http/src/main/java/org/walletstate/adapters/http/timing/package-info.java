/**
 * {@code Server-Timing}: a per-request collector carried in the Mutiny context (and, for the
 * synchronous signers, in the request's Vert.x context and to the signing pool), and the timed
 * decorators of the outgoing ports it observes (the chain-state port; the ledger's decorator in
 * {@code observability} uses it too). It uses no other package of the HTTP adapter.
 */
package org.walletstate.adapters.http.timing;
