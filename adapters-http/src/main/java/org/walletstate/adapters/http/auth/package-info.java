/** Who is calling: API keys, daily limits, the one-scheme rule, pay-per-call callers. */
package org.walletstate.adapters.http.auth;
