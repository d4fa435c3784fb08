package org.walletstate.adapters.http.wiring;

import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.EnumMap;
import java.util.Map;
import org.walletstate.adapters.chain.bitcoin.BitcoinPayments;
import org.walletstate.adapters.chain.evm.web3j.payment.ChainlinkRates;
import org.walletstate.adapters.chain.evm.web3j.payment.EvmPayments;
import org.walletstate.adapters.chain.jsonrpc.JsonRpcChainConfig;
import org.walletstate.adapters.chain.jsonrpc.TransactionReader;
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

  /**
   * The Solana, Tron and Bitcoin payment transactions, each over the endpoints its family's reader
   * uses (Esplora for Bitcoin).
   */
  @Produces
  @Singleton
  @Typed(JsonRpcPayments.class)
  JsonRpcPayments jsonRpcPayments(ChainReadsConfig chains, Clock clock) {
    Map<ChainFamily, TransactionReader> readers = new EnumMap<>(ChainFamily.class);
    JsonRpcChainConfig solana = JsonRpcChainSettings.of(ChainFamily.SOLANA, chains);
    JsonRpcChainConfig tron = JsonRpcChainSettings.of(ChainFamily.TRON, chains);
    JsonRpcChainConfig bitcoin = JsonRpcChainSettings.of(ChainFamily.BITCOIN, chains);
    readers.put(ChainFamily.SOLANA, new SolanaPayments(solana, clock));
    readers.put(ChainFamily.TRON, new TronPayments(tron, clock));
    readers.put(ChainFamily.BITCOIN, new BitcoinPayments(bitcoin, clock));
    return new JsonRpcPayments(readers);
  }

  void closeJsonRpcPayments(@Disposes JsonRpcPayments payments) {
    payments.readers().values().forEach(TransactionReader::close);
  }

  /** Payment transactions read over JSON-RPC or REST, by family; closed with the service. */
  record JsonRpcPayments(Map<ChainFamily, TransactionReader> readers) {}

  /** Every family's payment transactions behind the one port: a family is one more entry. */
  @Produces
  @ApplicationScoped
  PaymentReceipts paymentReceipts(EvmPayments evm, JsonRpcPayments jsonRpc) {
    Map<ChainFamily, PaymentReceipts> families = new EnumMap<>(jsonRpc.readers());
    families.put(ChainFamily.EVM, evm);
    return new PaymentReceiptsByFamily(families);
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

  // Closed on shutdown like SettlementWiring's relayer by design: each disposer closes its own
  // bean.
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
