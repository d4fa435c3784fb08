package org.walletstate.adapters.http.wiring;

import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.Map;
import org.walletstate.adapters.chain.bitcoin.BitcoinPayments;
import org.walletstate.adapters.chain.evm.web3j.payment.ChainlinkRates;
import org.walletstate.adapters.chain.evm.web3j.payment.EvmPayments;
import org.walletstate.adapters.chain.solana.SolanaPayments;
import org.walletstate.adapters.chain.tron.TronPayments;
import org.walletstate.adapters.http.chains.ChainReadsConfig;
import org.walletstate.adapters.http.chains.EvmChainSettings;
import org.walletstate.adapters.http.chains.JsonRpcChainSettings;
import org.walletstate.adapters.http.payment.PaymentSettings;
import org.walletstate.adapters.http.payment.PaymentsConfig;
import org.walletstate.application.payment.PaymentReceiptsByFamily;
import org.walletstate.application.payment.VerifyPayment;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase;
import org.walletstate.application.port.out.PaymentReceipts;
import org.walletstate.domain.chain.ChainFamily;

/**
 * Payments verified on chain: each family's payment transactions behind one port, the BTC/USD
 * price, and the verification every purchase uses. (The EVM receipts and the access pass are built
 * with the service's own senders in {@link SettlementWiring}.)
 */
@ApplicationScoped
public class PaymentWiring {

  /** Solana payment transactions, over the endpoints the Solana reader uses. */
  @Produces
  @Singleton
  @Typed(SolanaPayments.class)
  SolanaPayments solanaPayments(ChainReadsConfig chains, Clock clock) {
    return new SolanaPayments(JsonRpcChainSettings.solana(chains), clock);
  }

  void closeSolanaPayments(@Disposes SolanaPayments payments) {
    payments.close();
  }

  /** Tron payment transactions, over the endpoints the Tron reader uses. */
  @Produces
  @Singleton
  @Typed(TronPayments.class)
  TronPayments tronPayments(ChainReadsConfig chains, Clock clock) {
    return new TronPayments(JsonRpcChainSettings.tron(chains), clock);
  }

  void closeTronPayments(@Disposes TronPayments payments) {
    payments.close();
  }

  /** Bitcoin payment transactions, over the Esplora endpoints the Bitcoin reader uses. */
  @Produces
  @Singleton
  @Typed(BitcoinPayments.class)
  BitcoinPayments bitcoinPayments(ChainReadsConfig chains, Clock clock) {
    return new BitcoinPayments(JsonRpcChainSettings.bitcoin(chains), clock);
  }

  void closeBitcoinPayments(@Disposes BitcoinPayments payments) {
    payments.close();
  }

  /** Every family's payment transactions behind the one port: a family is one more entry. */
  @Produces
  @ApplicationScoped
  PaymentReceipts paymentReceipts(
      EvmPayments evm, SolanaPayments solana, TronPayments tron, BitcoinPayments bitcoin) {
    return new PaymentReceiptsByFamily(
        Map.of(
            ChainFamily.EVM,
            evm,
            ChainFamily.SOLANA,
            solana,
            ChainFamily.TRON,
            tron,
            ChainFamily.BITCOIN,
            bitcoin));
  }

  /** Coin prices (BTC/USD) from Chainlink feeds, over the EVM chains' endpoints. */
  @Produces
  @Singleton
  @Startup
  @Typed(ChainlinkRates.class)
  ChainlinkRates chainlinkRates(ChainReadsConfig chains, PaymentsConfig payments) {
    return new ChainlinkRates(
        EvmChainSettings.evmConfig(chains).chains(), PaymentSettings.feeds(payments));
  }

  void closeChainlinkRates(@Disposes ChainlinkRates rates) {
    rates.close();
  }

  @Produces
  @ApplicationScoped
  VerifyPaymentUseCase verifyPayment(
      PaymentReceipts receipts, ChainlinkRates rates, PaymentsConfig config, Clock clock) {
    return new VerifyPayment(
        PaymentSettings.chains(config), receipts, rates, config.btcUsdFeed().maxAge(), clock);
  }
}
