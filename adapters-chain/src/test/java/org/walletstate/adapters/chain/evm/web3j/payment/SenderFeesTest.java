package org.walletstate.adapters.chain.evm.web3j.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.chain.evm.testing.Adapters.patient;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.walletstate.adapters.chain.evm.config.EvmChainConfig;
import org.walletstate.application.testing.MemorySenderNonces;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetExtension;
import org.walletstate.devnet.DevnetSnapshot;
import org.walletstate.devnet.JsonRpc;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.Keys;

/**
 * What the service's own sender pays for gas, on the devnet's Base chain (a real anvil, where the
 * sender's transactions are all the chain has, so a node's gas price suggestion follows them): a
 * sustained run stays at base fee plus tip, a base fee above the ceiling sends nothing, and a stuck
 * transaction's replacement raises both EIP-1559 fees, never past the ceiling.
 */
@ExtendWith(DevnetExtension.class)
class SenderFeesTest {

  private static final long CHAIN = 8453;
  private static final BigInteger GWEI = BigInteger.TEN.pow(9);
  private static final String SINK = "0x00000000000000000000000000000000000fee01";

  private Devnet devnet;
  private JsonRpc rpc;
  private DevnetSnapshot snapshot;
  private final PaymentNodes nodes = new PaymentNodes();
  private final MemorySenderNonces nonces = new MemorySenderNonces();
  private Credentials key;
  private EvmChainConfig config;

  @BeforeEach
  void freshSender(Devnet devnet) throws Exception {
    this.devnet = devnet;
    this.rpc = devnet.rpc(CHAIN);
    this.snapshot = devnet.snapshot();
    this.key = Credentials.create(Keys.createEcKeyPair());
    this.config = patient(CHAIN, devnet.rpcUrl(CHAIN));
    rpc.call("anvil_setBalance", key.getAddress(), "0x" + BigInteger.TEN.pow(20).toString(16));
  }

  @AfterEach
  void revert() {
    rpc.call("evm_setAutomine", true);
    nodes.close();
    devnet.revert(snapshot);
  }

  private EvmSender sender(Duration replaceAfter, BigInteger ceiling) {
    return new EvmSender(
        key,
        nonces,
        nodes,
        new EvmSender.Settings(replaceAfter, 25, Duration.ofMinutes(2), ceiling),
        Clock.systemUTC());
  }

  private static BigInteger quantity(JsonNode node) {
    return JsonRpc.quantity(node.asText());
  }

  private long pendingCount() {
    return quantity(rpc.call("eth_getTransactionCount", key.getAddress(), "pending"))
        .longValueExact();
  }

  @Test
  void fortySequentialSends_payBaseFeePlusTip_andThePriceNeverFeedsOnItself() {
    EvmSender sender = sender(Duration.ofSeconds(12), GWEI.multiply(BigInteger.valueOf(500)));
    String before = rpc.call("eth_gasPrice").asText();
    List<BigInteger> paid = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      EvmSender.Sent sent = sender.send(config, CHAIN, SINK, "0x", Duration.ofSeconds(30));
      assertThat(sent).as("send %d", i).isInstanceOf(EvmSender.Sent.Mined.class);
      JsonNode receipt =
          rpc.call("eth_getTransactionReceipt", ((EvmSender.Sent.Mined) sent).txHash());
      assertThat(receipt.path("type").asText()).as("an EIP-1559 transaction").isEqualTo("0x2");
      JsonNode block =
          rpc.call("eth_getBlockByNumber", receipt.path("blockNumber").asText(), false);
      BigInteger baseFee = quantity(block.path("baseFeePerGas"));
      BigInteger effective = quantity(receipt.path("effectiveGasPrice"));
      assertThat(effective)
          .as("send %d pays its block's base fee plus at most the tip cap", i)
          .isGreaterThanOrEqualTo(baseFee)
          .isLessThanOrEqualTo(baseFee.add(GasFees.TIP_CAP));
      paid.add(effective);
    }
    BigInteger first = paid.get(0);
    assertThat(paid)
        .as("40 sends later the price is where it started (the legacy 2 x eth_gasPrice doubled it)")
        .allSatisfy(p -> assertThat(p).isLessThanOrEqualTo(first.shiftLeft(1)));
    assertThat(quantity(rpc.call("eth_gasPrice")))
        .as("the node's suggestion, which the old rule doubled, did not run away either")
        .isLessThanOrEqualTo(JsonRpc.quantity(before).shiftLeft(1).add(GasFees.TIP_CAP));
  }

  @Test
  void aBaseFeeAboveTheCeiling_sendsNothing_andTheOutcomeIsHeld() {
    BigInteger ceiling = GWEI.multiply(BigInteger.valueOf(500));
    rpc.call(
        "anvil_setNextBlockBaseFeePerGas",
        "0x" + GWEI.multiply(BigInteger.valueOf(600)).toString(16));
    rpc.call("evm_mine");
    long count = pendingCount();

    EvmSender.Sent sent =
        sender(Duration.ofSeconds(12), ceiling)
            .send(config, CHAIN, SINK, "0x", Duration.ofSeconds(10));

    assertThat(sent).isInstanceOf(EvmSender.Sent.Held.class);
    assertThat(((EvmSender.Sent.Held) sent).reason())
        .contains("above the ceiling of 500000000000 wei");
    assertThat(pendingCount()).as("nothing was sent").isEqualTo(count);
    assertThat(nonces.allocations()).as("no nonce was taken").isZero();

    // once the base fee is back below the ceiling, the same sender sends
    rpc.call("anvil_setNextBlockBaseFeePerGas", "0x" + GWEI.toString(16));
    rpc.call("evm_mine");
    assertThat(
            sender(Duration.ofSeconds(12), ceiling)
                .send(config, CHAIN, SINK, "0x", Duration.ofSeconds(30)))
        .isInstanceOf(EvmSender.Sent.Mined.class);
  }

  @Test
  void aStuckSend_isReplacedWithBothFeesRaised_byTheFeeBumpAtLeast() throws Exception {
    GasFees.Price.Dynamic first = firstPrice(GWEI.multiply(BigInteger.valueOf(500)));
    rpc.call("evm_setAutomine", false);

    EvmSender.Sent sent =
        sender(Duration.ofSeconds(1), GWEI.multiply(BigInteger.valueOf(500)))
            .send(config, CHAIN, SINK, "0x", Duration.ofMillis(3500));

    assertThat(sent).isInstanceOf(EvmSender.Sent.Unknown.class);
    assertThat(((EvmSender.Sent.Unknown) sent).reason()).doesNotContain("(1 versions sent)");
    JsonNode pooled = pooled();
    BigInteger tip = quantity(pooled.path("maxPriorityFeePerGas"));
    BigInteger maxFee = quantity(pooled.path("maxFeePerGas"));
    assertThat(tip).as("the tip, raised 25 %%").isGreaterThanOrEqualTo(raised(first.tip()));
    assertThat(maxFee)
        .as("the fee cap, raised 25 %%")
        .isGreaterThanOrEqualTo(raised(first.maxFee()));
    rpc.call("evm_mine");
    assertThat(pendingCount()).isEqualTo(1);
  }

  @Test
  void aReplacementThatWouldPassTheCeiling_isNotSent_theFirstVersionWaits() throws Exception {
    BigInteger ceiling =
        firstPrice(GWEI.multiply(BigInteger.valueOf(500)))
            .maxFee()
            .multiply(BigInteger.valueOf(11))
            .divide(BigInteger.TEN);
    GasFees.Price.Dynamic first = firstPrice(ceiling);
    rpc.call("evm_setAutomine", false);

    EvmSender.Sent sent =
        sender(Duration.ofSeconds(1), ceiling)
            .send(config, CHAIN, SINK, "0x", Duration.ofMillis(3500));

    assertThat(sent).isInstanceOf(EvmSender.Sent.Unknown.class);
    assertThat(((EvmSender.Sent.Unknown) sent).reason()).contains("(1 versions sent)");
    JsonNode pooled = pooled();
    assertThat(quantity(pooled.path("maxFeePerGas"))).isEqualTo(first.maxFee());
    assertThat(quantity(pooled.path("maxPriorityFeePerGas"))).isEqualTo(first.tip());
  }

  /** What the sender would offer now, below {@code ceiling}: an EIP-1559 price on this chain. */
  private GasFees.Price.Dynamic firstPrice(BigInteger ceiling) throws Exception {
    var price = GasFees.price(nodes.client(config, 0), ceiling).orElseThrow();
    assertThat(price).isInstanceOf(GasFees.Price.Dynamic.class);
    return (GasFees.Price.Dynamic) price;
  }

  private static BigInteger raised(BigInteger fee) {
    return fee.multiply(BigInteger.valueOf(125)).divide(BigInteger.valueOf(100));
  }

  /** The sender's one pending transaction in the node's pool (nonce 0). */
  private JsonNode pooled() {
    JsonNode pending = rpc.call("txpool_content").path("pending");
    JsonNode mine = null;
    var names = pending.fieldNames();
    while (names.hasNext()) {
      String from = names.next();
      if (from.equalsIgnoreCase(key.getAddress())) {
        mine = pending.path(from);
      }
    }
    assertThat(mine).as("the sender's pending transactions").isNotNull();
    assertThat(mine.size()).as("one version per nonce is pooled").isEqualTo(1);
    return mine.elements().next();
  }
}
