package org.walletstate.adapters.http.payment;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.walletstate.adapters.chain.evm.web3j.payment.EvmPayments;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.EvmPaymentChain;
import org.walletstate.domain.payment.PaymentTokens;

/** Translates {@link PaymentsConfig} into the payment rules of each chain and the pass settings. */
public final class PaymentSettings {

  /** The access pass lives on Base. */
  public static final ChainId PASS_CHAIN = ChainId.evm(8453);

  private PaymentSettings() {}

  /**
   * The EVM payment chains with their rules; empty when no receiving address is configured.
   *
   * @throws IllegalArgumentException naming the configuration key that is wrong
   */
  public static Map<ChainId, EvmPaymentChain> chains(PaymentsConfig config) {
    for (String key : config.confirmations().keySet()) {
      ChainId id = chainId(key);
      if (!PaymentTokens.production().containsKey(id)) {
        throw new IllegalArgumentException(
            "walletstate.payments.confirmations." + key + ": not an EVM payment chain");
      }
      if (config.confirmations().get(key) < 1) {
        throw new IllegalArgumentException(
            "walletstate.payments.confirmations." + key + " must be at least 1");
      }
    }
    Map<ChainId, EvmPaymentChain> chains = new LinkedHashMap<>();
    if (config.receiverEvm().isEmpty() || config.receiverEvm().get().isBlank()) {
      return chains;
    }
    EvmAddress receiver = address(config.receiverEvm().get(), "walletstate.payments.receiver-evm");
    PaymentTokens.production()
        .forEach(
            (id, tokens) -> {
              Integer configured = config.confirmations().get(id.toString());
              chains.put(
                  id,
                  new EvmPaymentChain(
                      id,
                      receiver,
                      tokens,
                      configured != null ? configured : PaymentTokens.defaultConfirmations(id)));
            });
    return chains;
  }

  /** The access pass, when a contract is configured. */
  public static Optional<EvmPayments.PassSettings> pass(PaymentsConfig config) {
    PaymentsConfig.AccessPass pass = config.accessPass();
    if (pass.contract().isEmpty() || pass.contract().get().isBlank()) {
      return Optional.empty();
    }
    return Optional.of(
        new EvmPayments.PassSettings(
            PASS_CHAIN,
            address(pass.contract().get(), "walletstate.payments.access-pass.contract"),
            pass.minterKey().filter(k -> !k.isBlank()).map(PaymentSettings::checkedKey),
            pass.mintWait()));
  }

  private static String checkedKey(String key) {
    if (!key.strip().matches("(0x)?[0-9a-fA-F]{64}")) {
      // the value itself is never repeated
      throw new IllegalArgumentException(
          "walletstate.payments.access-pass.minter-key is not a 32-byte hex private key");
    }
    return key.strip();
  }

  private static EvmAddress address(String text, String key) {
    try {
      return EvmAddress.of(text.strip());
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(key + " is not an EVM address: " + text, e);
    }
  }

  private static ChainId chainId(String key) {
    try {
      return ChainId.evm(Long.parseLong(key.replace("\"", "")));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "walletstate.payments.confirmations." + key + ": not a chain id", e);
    }
  }
}
