package org.walletstate.application.payment;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.PaymentReceipts;
import org.walletstate.application.port.out.PaymentReceipts.Lookup;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.TxHash;

/**
 * Each payment chain is read by its own family's transaction reader; a family without one fails.
 */
class PaymentReceiptsByFamilyTest {

  static final TxHash EVM_TX = new TxHash("0x" + "ab".repeat(32));
  static final TxHash TRON_TX = new TxHash("ab".repeat(32));

  final List<String> asked = new ArrayList<>();

  PaymentReceipts reader(String name) {
    return (chain, hash) -> {
      asked.add(name + " " + chain);
      return Uni.createFrom().item(new Lookup.NotFound());
    };
  }

  @Test
  void eachChainGoesToItsFamilysReader_andAFamilyWithoutOneIsAFailedRead() {
    PaymentReceipts receipts =
        new PaymentReceiptsByFamily(
            Map.of(ChainFamily.EVM, reader("evm"), ChainFamily.TRON, reader("tron")));

    Lookup base = receipts.receipt(ChainId.evm(8453), EVM_TX).await().indefinitely();
    Lookup tron = receipts.receipt(ChainId.named("tron"), TRON_TX).await().indefinitely();
    Lookup bitcoin = receipts.receipt(ChainId.named("bitcoin"), TRON_TX).await().indefinitely();

    assertThat(base).isEqualTo(new Lookup.NotFound());
    assertThat(tron).isEqualTo(new Lookup.NotFound());
    assertThat(bitcoin).isEqualTo(new Lookup.Failed("no transaction reader for chain bitcoin"));
    assertThat(asked).containsExactly("evm 8453", "tron tron");
  }
}
