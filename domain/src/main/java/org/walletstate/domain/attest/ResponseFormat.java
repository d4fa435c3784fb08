package org.walletstate.domain.attest;

/** The response format: the raw attestation, or also the JWT pair ({@code format: "jwt"}). */
public enum ResponseFormat {
  STANDARD,
  JWT
}
