package org.walletstate.adapters.http.auth;

import jakarta.enterprise.context.RequestScoped;
import java.util.Optional;
import org.walletstate.application.account.port.in.AuthenticateUseCase;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.CompanyId;

/** Who is calling in this request, as the credential filter established it. */
@RequestScoped
public class CurrentCaller {

  private AuthenticateUseCase.Outcome.Authenticated authenticated;
  private boolean wallet;
  private String paymentHeader;
  private CompanyId scannerMerchant;

  void scanner(CompanyId merchant) {
    this.scannerMerchant = merchant;
  }

  /** The merchant of the caller's scanner session, when it sent one instead of a key. */
  public Optional<CompanyId> scannerMerchant() {
    return Optional.ofNullable(scannerMerchant);
  }

  void paying(String header) {
    this.paymentHeader = header;
  }

  /**
   * The x402 payment header ({@code PAYMENT-SIGNATURE} or {@code X-PAYMENT}) of a paid retry on a
   * pay-per-call endpoint; such a caller has no key.
   */
  public Optional<String> payment() {
    return Optional.ofNullable(paymentHeader);
  }

  void authenticated(AuthenticateUseCase.Outcome.Authenticated outcome) {
    this.authenticated = outcome;
  }

  void authenticatedByWallet(AuthenticateUseCase.Outcome.Authenticated outcome) {
    this.authenticated = outcome;
    this.wallet = true;
  }

  /** True when the caller signed in with its wallet ({@code Authorization: Wallet}). */
  public boolean walletAuthenticated() {
    return wallet;
  }

  /** The key's account and today's usage, when the caller presented a valid key. */
  public Optional<AuthenticateUseCase.Outcome.Authenticated> key() {
    return Optional.ofNullable(authenticated);
  }

  /** The key's account; only on endpoints that require a key. */
  public KeyAccount account() {
    return key().orElseThrow(() -> new IllegalStateException("no authenticated key")).account();
  }

  /** True when the caller sent no credential at all (pay-per-call endpoints only). */
  public boolean anonymous() {
    return authenticated == null && scannerMerchant == null;
  }
}
