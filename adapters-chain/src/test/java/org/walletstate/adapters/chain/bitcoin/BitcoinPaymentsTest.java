package org.walletstate.adapters.chain.bitcoin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.chain.jsonrpc.RpcFailure;
import org.walletstate.domain.address.BitcoinAddress;
import org.walletstate.domain.payment.ChainTransfers;
import org.walletstate.domain.payment.NativeCoin;
import org.walletstate.domain.payment.TxHash;

/** Esplora's {@code GET /tx/:txid} answers as payments see them. */
class BitcoinPaymentsTest {

  static final ObjectMapper JSON = new ObjectMapper();
  static final TxHash TX = new TxHash("ab".repeat(32));
  static final String PAYER = "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2";
  static final String OTHER = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
  static final String SERVICE = "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa";

  static JsonNode tx(String status, String vin, String vout) throws Exception {
    return JSON.readTree(
        "{\"txid\":\""
            + TX.text()
            + "\",\"version\":2,\"locktime\":0,\"vin\":"
            + vin
            + ",\"vout\":"
            + vout
            + ",\"size\":223,\"weight\":892,\"fee\":1000,\"status\":"
            + status
            + "}");
  }

  static String input(String address) {
    return "{\"txid\":\""
        + "cd".repeat(32)
        + "\",\"vout\":0,\"prevout\":{\"scriptpubkey\":\"76a914\",\"scriptpubkey_type\":\"p2pkh\","
        + "\"scriptpubkey_address\":\""
        + address
        + "\",\"value\":100000},\"is_coinbase\":false,\"sequence\":4294967295}";
  }

  static String output(String address, long sats) {
    return "{\"scriptpubkey\":\"76a914\",\"scriptpubkey_type\":\"p2pkh\",\"scriptpubkey_address\":\""
        + address
        + "\",\"value\":"
        + sats
        + "}";
  }

  static final String CONFIRMED =
      "{\"confirmed\":true,\"block_height\":800000,\"block_hash\":\"" + "00".repeat(32) + "\"}";

  @Test
  void outputsAreTransfersOfBtc_fromTheInputAddress() throws Exception {
    ChainTransfers read =
        BitcoinPayments.transaction(
            TX,
            tx(
                CONFIRMED,
                "[" + input(PAYER) + "," + input(PAYER) + "]",
                "["
                    + output(SERVICE, 50_000)
                    + ",{\"scriptpubkey\":\"6a\",\"scriptpubkey_type\":\"op_return\",\"value\":0},"
                    + output(PAYER, 40_000)
                    + "]"),
            800_005);
    assertThat(read.block()).isEqualTo(800_000);
    assertThat(read.failure()).isEmpty();
    assertThat(read.transfers())
        .containsExactly(
            new ChainTransfers.Transfer(
                NativeCoin.BTC,
                BitcoinAddress.of(PAYER),
                BitcoinAddress.of(SERVICE),
                BigInteger.valueOf(50_000)),
            new ChainTransfers.Transfer(
                NativeCoin.BTC,
                BitcoinAddress.of(PAYER),
                BitcoinAddress.of(PAYER),
                BigInteger.valueOf(40_000)));
  }

  @Test
  void twoInputAddresses_reportTwoSenders() throws Exception {
    ChainTransfers read =
        BitcoinPayments.transaction(
            TX,
            tx(
                CONFIRMED,
                "[" + input(PAYER) + "," + input(OTHER) + "]",
                "[" + output(SERVICE, 1) + "]"),
            800_005);
    assertThat(read.transfers())
        .extracting(ChainTransfers.Transfer::from)
        .hasSize(2)
        .doesNotHaveDuplicates();
  }

  @Test
  void anUnconfirmedTransaction_liesPastTheTip() throws Exception {
    ChainTransfers read =
        BitcoinPayments.transaction(
            TX,
            tx("{\"confirmed\":false}", "[" + input(PAYER) + "]", "[" + output(SERVICE, 1) + "]"),
            800_005);
    assertThat(read.block()).isEqualTo(800_006);
  }

  @Test
  void aCoinbase_hasNoSenderAndNoTransfers() throws Exception {
    ChainTransfers read =
        BitcoinPayments.transaction(
            TX,
            tx(
                CONFIRMED,
                "[{\"txid\":\""
                    + "00".repeat(32)
                    + "\",\"vout\":4294967295,\"prevout\":null,"
                    + "\"is_coinbase\":true}]",
                "[" + output(SERVICE, 625_000_000) + "]"),
            800_005);
    assertThat(read.transfers()).isEmpty();
  }

  @Test
  void malformedAnswers_areReadFailures() throws Exception {
    assertThatThrownBy(
            () ->
                BitcoinPayments.transaction(
                    new TxHash("cd".repeat(32)), tx(CONFIRMED, "[" + input(PAYER) + "]", "[]"), 1))
        .isInstanceOf(RpcFailure.class)
        .hasMessageContaining("another transaction");
    assertThatThrownBy(
            () ->
                BitcoinPayments.transaction(
                    TX, tx("{\"confirmed\":true}", "[" + input(PAYER) + "]", "[]"), 1))
        .isInstanceOf(RpcFailure.class)
        .hasMessageContaining("block_height");
    assertThatThrownBy(
            () ->
                BitcoinPayments.transaction(
                    TX,
                    tx(
                        CONFIRMED,
                        "[" + input(PAYER) + "]",
                        "[{\"scriptpubkey_address\":\"" + SERVICE + "\",\"value\":0.5}]"),
                    1))
        .isInstanceOf(RpcFailure.class)
        .hasMessageContaining("whole number of sats");
    assertThat(BitcoinPayments.height("800005\n")).isEqualTo(800_005);
    assertThatThrownBy(() -> BitcoinPayments.height("<html>")).isInstanceOf(RpcFailure.class);
  }
}
