package org.walletstate.devnet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Tests that change chain state isolate themselves with snapshot and revert. */
@ExtendWith(DevnetExtension.class)
class SnapshotTest {
  private static final String BALANCE_OF = "0x70a08231"; // balanceOf(address)
  private static final String TRANSFER = "0xa9059cbb"; // transfer(address,uint256)

  @Test
  void revert_undoesATransferMadeAfterTheSnapshot_onEveryChain(Devnet devnet) {
    DevnetManifest m = devnet.manifest();
    String holder = m.wallet("holder").address();
    String empty = m.wallet("empty").address();
    DevnetSnapshot snapshot = devnet.snapshot();
    try {
      for (long chainId : m.chains().keySet()) {
        JsonRpc rpc = devnet.rpc(chainId);
        String token = m.chain(chainId).address("token6");
        rpc.call("anvil_impersonateAccount", holder);
        String hash =
            rpc.call(
                    "eth_sendTransaction",
                    Map.of("from", holder, "to", token, "data", Abi.call(TRANSFER, empty, 1234L)))
                .asText();
        rpc.call("anvil_stopImpersonatingAccount", holder);
        assertThat(rpc.minedReceipt(hash).path("status").asText()).isEqualTo("0x1");
        assertThat(balance(rpc, token, empty)).isEqualTo(1234);
      }
    } finally {
      devnet.revert(snapshot);
    }
    for (long chainId : m.chains().keySet()) {
      String token = m.chain(chainId).address("token6");
      assertThat(balance(devnet.rpc(chainId), token, empty)).isZero();
      assertThat(balance(devnet.rpc(chainId), token, holder))
          .isEqualTo(m.wallet("holder").erc20Raw(chainId, "dUSD"));
    }
    assertThatThrownBy(() -> devnet.revert(snapshot)).isInstanceOf(DevnetException.class);
  }

  private static BigInteger balance(JsonRpc rpc, String token, String wallet) {
    return Abi.uint(rpc.ethCall(token, Abi.call(BALANCE_OF, wallet), "latest"), 0);
  }
}
