package org.walletstate.domain.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.TronAddress;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainId;

/** Transaction ids of each family, and the payment rules on transfers a non-EVM reader reports. */
class NonEvmPaymentTest {

  static final String SIGNATURE =
      "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";
  static final ChainId TRON = ChainId.named("tron");
  static final TronAddress USDT = TronAddress.of("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
  static final TronAddress SERVICE = TronAddress.of("TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV");
  static final TronAddress PAYER = TronAddress.of("TD5gsCwxykWsLN9aPrq2TAfNjByuZKYp4E");
  static final TronAddress OTHER = TronAddress.of("TEdvoHEatmDKvTh3o9vBRB9Vdtbhn4QFhy");
  static final PaymentChain RULES =
      new PaymentChain(TRON, SERVICE, List.of(new PaymentToken("USDT", USDT, 6)), 20);
  static final TxHash TX = TxHash.parse("AB".repeat(32), "txHash", ChainFamily.TRON);

  @Test
  void eachFamilyHasItsOwnForm_andTheFormsDoNotOverlap() {
    assertThat(TxHash.parse(" 0xAB" + "cd".repeat(31) + " ", "h", ChainFamily.EVM).text())
        .isEqualTo("0xab" + "cd".repeat(31));
    assertThat(TX.text()).isEqualTo("ab".repeat(32));
    assertThat(TxHash.parse(SIGNATURE, "h", ChainFamily.SOLANA).text()).isEqualTo(SIGNATURE);

    assertThatThrownBy(() -> TxHash.parse("ab".repeat(32), "txHash", ChainFamily.EVM))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("0x followed by 64 hex digits");
    assertThatThrownBy(() -> TxHash.parse("0x" + "ab".repeat(32), "txHash", ChainFamily.TRON))
        .hasMessageContaining("is not a tron transaction id (64 hex digits)");
    assertThatThrownBy(() -> TxHash.parse("ab".repeat(32), "txHash", ChainFamily.SOLANA))
        .hasMessageContaining("is not a Solana transaction signature (base58 of 64 bytes)");
    // base58 of 32 bytes (an address, not a signature) and a character outside base58
    assertThatThrownBy(
            () ->
                TxHash.parse(
                    "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T", "txHash", ChainFamily.SOLANA))
        .isInstanceOf(ValidationException.class);
    assertThatThrownBy(
            () -> TxHash.parse(SIGNATURE.replace('5', '0'), "txHash", ChainFamily.SOLANA))
        .isInstanceOf(ValidationException.class);
  }

  static ChainTransfers.Transfer transfer(TronAddress from, TronAddress to, long raw) {
    return new ChainTransfers.Transfer(USDT, from, to, BigInteger.valueOf(raw));
  }

  static PaymentVerdict check(ChainTransfers tx, long head) {
    return PaymentCheck.check(RULES, tx, head, Optional.of(new BigDecimal("12")));
  }

  static String reason(PaymentVerdict verdict) {
    return ((PaymentVerdict.Rejected) verdict).reason();
  }

  @Test
  void aReportedTransfer_isJudgedByTheSameRules() {
    ChainTransfers paid =
        new ChainTransfers(
            TX, Optional.empty(), 100, List.of(transfer(PAYER, SERVICE, 12_000_000)));
    PaymentVerdict accepted = check(paid, 119);
    assertThat(accepted).isInstanceOf(PaymentVerdict.Accepted.class);
    Payment payment = ((PaymentVerdict.Accepted) accepted).payment();
    assertThat(payment.sender()).isEqualTo(PAYER);
    assertThat(payment.token()).isEqualTo("USDT");
    assertThat(payment.usd()).isEqualByComparingTo("12");

    assertThat(reason(check(paid, 118))).contains("has 19 of the 20 confirmations chain tron");
  }

  @Test
  void aFailedTransaction_saysHowTheChainMarkedIt() {
    ChainTransfers failed =
        new ChainTransfers(TX, Optional.of("failed (receipt.result REVERT)"), 100, List.of());
    assertThat(reason(check(failed, 200)))
        .isEqualTo("transaction " + TX + " failed (receipt.result REVERT) and moved no funds");
  }

  @Test
  void transfersFromTwoOwners_orToAnotherWallet_areNotAPayment() {
    ChainTransfers twoSenders =
        new ChainTransfers(
            TX,
            Optional.empty(),
            100,
            List.of(transfer(PAYER, SERVICE, 6_000_000), transfer(OTHER, SERVICE, 6_000_000)));
    assertThat(reason(check(twoSenders, 200))).contains("pays from more than one sender");

    ChainTransfers elsewhere =
        new ChainTransfers(TX, Optional.empty(), 100, List.of(transfer(PAYER, OTHER, 12_000_000)));
    assertThat(reason(check(elsewhere, 200)))
        .contains(
            "transfers USDT to "
                + OTHER.text()
                + ", not to the service's receiving address "
                + SERVICE.text());
  }

  @Test
  void aChainsTokens_belongToItsReceiversFamily() {
    assertThatThrownBy(
            () ->
                new PaymentChain(
                    TRON,
                    SERVICE,
                    List.of(
                        new PaymentToken(
                            "USDC",
                            EvmAddress.of("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"),
                            6)),
                    1))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
