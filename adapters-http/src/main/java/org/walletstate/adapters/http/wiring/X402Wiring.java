package org.walletstate.adapters.http.wiring;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.net.URI;
import java.time.Duration;
import org.jboss.logging.Logger;
import org.walletstate.adapters.chain.evm.web3j.payment.RelayerSettlement;
import org.walletstate.adapters.chain.x402.FacilitatorSettlement;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.exchange.Exchange;
import org.walletstate.adapters.http.exchange.PayableExchange;
import org.walletstate.adapters.http.x402.PayPerCallConfig;
import org.walletstate.adapters.http.x402.PaymentQuotes;
import org.walletstate.adapters.http.x402.PerCallPayments;
import org.walletstate.adapters.http.x402.SolanaFeePayer;
import org.walletstate.application.port.out.TransferAuthorizations;

/**
 * x402 pay-per-call: where paid calls are checked and settled (the facilitator or the own relayer),
 * the Solana fee payer the quotes name, the quotes, and the one way a payable endpoint is served.
 * The paid-call use case itself is built with the own senders in {@link SettlementWiring}.
 */
@ApplicationScoped
public class X402Wiring {

  /**
   * Paid calls settle through the configured x402 facilitator, or else through the own relayer; an
   * EVM token's state is read from the chain either way. Solana payments settle through the
   * facilitator only.
   */
  @Produces
  @Singleton
  TransferAuthorizations transferAuthorizations(
      RelayerSettlement settlement, PayPerCallConfig x402) {
    return x402.facilitatorUrl()
        .filter(url -> !url.isBlank())
        .<TransferAuthorizations>map(
            url ->
                new FacilitatorSettlement(
                    facilitatorUrl(url), x402.facilitatorTimeout(), settlement))
        .orElse(settlement);
  }

  /**
   * The fee payer the quote's Solana entry names: the facilitator's ({@code GET /supported}), asked
   * at start (waiting a few seconds at most) and kept; without a facilitator Solana is not offered.
   */
  @Produces
  @Singleton
  @Startup
  SolanaFeePayer solanaFeePayer(TransferAuthorizations payments, PayPerCallConfig x402) {
    boolean solana = x402.payToSolana().filter(to -> !to.isBlank()).isPresent();
    SolanaFeePayer payer =
        payments instanceof FacilitatorSettlement facilitator
            ? SolanaFeePayer.askingAtStart(
                () -> facilitator.feePayer(PaymentQuotes.SOLANA_MAINNET),
                Duration.ofSeconds(Math.min(5, Math.max(1, x402.facilitatorTimeout().toSeconds()))))
            : SolanaFeePayer.none();
    if (solana && payer.facilitated() && payer.current().isEmpty()) {
      Logger.getLogger(X402Wiring.class)
          .warn(
              "The x402 facilitator named no fee payer for "
                  + PaymentQuotes.SOLANA_MAINNET
                  + " (GET /supported); Solana is not quoted until it does");
    }
    return payer;
  }

  /**
   * The quotes a caller without credentials receives; built at start, so that a Solana pay-to
   * address that is not one stops the start.
   */
  @Produces
  @Singleton
  @Startup
  PaymentQuotes paymentQuotes(PayPerCallConfig x402, ObjectMapper json, SolanaFeePayer feePayer) {
    return new PaymentQuotes(x402, json, feePayer);
  }

  // Producers repeat their CDI declarations by design: one method a bean.
  /** How every payable endpoint is served, whoever pays: the quote, the payer, the answer. */
  @Produces
  @Singleton
  PerCallPayments perCallPayments(
      PaymentQuotes quotes, PayPerCallConfig x402, ObjectMapper json, Envelopes envelopes) {
    return new PerCallPayments(quotes, x402, json, envelopes);
  }

  /** A payable endpoint's edge: its JSON exchange, the quotes and how a call is paid. */
  @Produces
  @ApplicationScoped
  PayableExchange payableExchange(
      Exchange exchange, PaymentQuotes quotes, PerCallPayments payments) {
    return new PayableExchange(exchange, quotes, payments);
  }

  /** The facilitator's base URL: absolute, http or https; else the start stops naming the key. */
  private static URI facilitatorUrl(String text) {
    URI url;
    try {
      url = URI.create(text.strip());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("walletstate.x402.facilitator-url is not a URL", e);
    }
    if (!url.isAbsolute()
        || url.getHost() == null
        || !("https".equals(url.getScheme()) || "http".equals(url.getScheme()))) {
      throw new IllegalArgumentException(
          "walletstate.x402.facilitator-url must be an absolute http(s) URL");
    }
    return url;
  }
}
