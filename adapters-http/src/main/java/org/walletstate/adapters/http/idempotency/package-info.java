/**
 * {@code Idempotency-Key} on the state-changing endpoints: one pair of REST filters over the {@code
 * IdempotentRequests} port (PostgreSQL, shared by every replica). A resource method opts in with
 * one line, {@code @Idempotent} (docs/api.md, "Idempotency-Key").
 */
package org.walletstate.adapters.http.idempotency;
