package org.walletstate.devnet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link JsonRpc#sendTransaction}: the transaction is mined when it returns, so a receipt read
 * right after finds it, and the block a caller mines next is a confirmation, never the block that
 * takes the transaction in. (A plain {@code eth_sendTransaction} is answered while the transaction
 * still waits in anvil's pool.)
 */
@ExtendWith(DevnetExtension.class)
class SendTransactionTest {

  @Test
  void aSentTransaction_isMined_andTheNextMinedBlockConfirmsIt(Devnet devnet) {
    DevnetManifest m = devnet.manifest();
    String from = m.wallet("holder").address();
    String to = m.wallet("empty").address();
    DevnetSnapshot snapshot = devnet.snapshot();
    try {
      for (long chainId : m.chains().keySet()) {
        JsonRpc rpc = devnet.rpc(chainId);
        rpc.call("anvil_impersonateAccount", from);
        try {
          for (int i = 0; i < 40; i++) {
            long before = rpc.blockNumber();
            String hash = rpc.sendTransaction(Map.of("from", from, "to", to, "value", "0x1"));

            var receipt = rpc.call("eth_getTransactionReceipt", hash);
            assertThat(receipt.isNull()).as("receipt of %s right after sending", hash).isFalse();
            long block = JsonRpc.quantity(receipt.path("blockNumber").asText()).longValueExact();
            assertThat(block).isGreaterThan(before);

            rpc.call("evm_mine");
            assertThat(rpc.blockNumber() - block + 1)
                .as("confirmations after one mine")
                .isEqualTo(2);
          }
        } finally {
          rpc.call("anvil_stopImpersonatingAccount", from);
        }
      }
    } finally {
      devnet.revert(snapshot);
    }
  }
}
