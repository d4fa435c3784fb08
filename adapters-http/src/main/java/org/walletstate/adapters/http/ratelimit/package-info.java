/**
 * Rate limits of the public and pay-per-call endpoints, per client address, counted in PostgreSQL
 * through the {@code RateLimits} port so every replica shares them. A resource method opts in with
 * one line, {@code @RateLimited(RatePolicy.NAME)}.
 */
package org.walletstate.adapters.http.ratelimit;
