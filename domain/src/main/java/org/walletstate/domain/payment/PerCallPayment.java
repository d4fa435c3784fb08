package org.walletstate.domain.payment;

import java.util.Objects;

/**
 * An x402 payment sent with a pay-per-call request, matched to the quote for the request's exact
 * body: the network it pays on (CAIP-2, e.g. {@code eip155:8453}), what the quote's entry for that
 * network asks, and the payer's EIP-3009 authorization.
 */
public record PerCallPayment(
    String network, AuthorizationCheck.Terms terms, TransferAuthorization authorization) {
  public PerCallPayment {
    Objects.requireNonNull(network, "network");
    Objects.requireNonNull(terms, "terms");
    Objects.requireNonNull(authorization, "authorization");
  }
}
