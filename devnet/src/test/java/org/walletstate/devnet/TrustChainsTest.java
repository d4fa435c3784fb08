package org.walletstate.devnet;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The trust profile's light chains beside a devnet of one's own: one anvil per other EVM chain id
 * of the check list, Multicall3 and the list's contracts placed, the holder's mix of holdings, and
 * nothing left once closed.
 */
class TrustChainsTest {

  private static final String MULTICALL = "0xcA11bde05977b3631167028862bE2a173976CA11";
  private static final String ZKSYNC_MULTICALL = "0xF9cda624FBC7e059355ce98a31693d299FACd963";
  private static final String BALANCE_OF = "0x70a08231";

  private static Path checkList() {
    return Devnet.locateDirectory()
        .getParent()
        .resolve("domain/src/main/resources/org/walletstate/domain/trust")
        .resolve("trust-checks-2026-10-08.tsv");
  }

  @Test
  void everyOtherChainOfTheList_runsOnItsOwnAnvil_withTheListsContracts_andCloseStopsThem()
      throws Exception {
    List<String[]> rows = new ArrayList<>();
    for (String line : Files.readAllLines(checkList())) {
      String[] c = line.split("\t", -1);
      if (!line.startsWith("#")
          && c.length > 4
          && c[2].matches("[0-9]+")
          && (c[3].equals("token_balance") || c[3].equals("nft_ownership"))) {
        rows.add(c);
      }
    }
    List<ProcessHandle> processes;
    try (Devnet devnet = Devnet.start();
        TrustChains chains = TrustChains.start(devnet, checkList())) {
      Set<Long> expected = new TreeSet<>();
      rows.forEach(c -> expected.add(Long.parseLong(c[2])));
      expected.removeAll(devnet.rpcUrls().keySet());
      assertThat(chains.rpcUrls().keySet()).containsExactlyInAnyOrderElementsOf(expected);
      assertThat(chains.anvilsRssMiB()).isPositive();

      String holder = devnet.manifest().wallet("holder").address();
      String holderWord = "0".repeat(24) + holder.substring(2).toLowerCase(Locale.ROOT);
      for (long id : chains.rpcUrls().keySet()) {
        JsonRpc rpc = chains.rpc(id);
        assertThat(Long.decode(rpc.call("eth_chainId").asText())).isEqualTo(id);
        String multicall = id == 324 ? ZKSYNC_MULTICALL : MULTICALL;
        assertThat(rpc.call("eth_getCode", multicall, "latest").asText()).hasSizeGreaterThan(2);
        int n = 0;
        for (String[] c : rows) {
          if (Long.parseLong(c[2]) != id) {
            continue;
          }
          assertThat(rpc.call("eth_getCode", c[4], "latest").asText())
              .as(c[1])
              .hasSizeGreaterThan(2);
          java.math.BigInteger held =
              new java.math.BigInteger(
                  rpc.call(
                          "eth_call",
                          java.util.Map.of("to", c[4], "data", BALANCE_OF + holderWord),
                          "latest")
                      .asText()
                      .substring(2),
                  16);
          assertThat(held.signum() > 0).as(c[1]).isEqualTo(n++ % 2 == 0);
        }
      }
      processes = chains.processes();
      assertThat(processes).hasSizeGreaterThan(chains.rpcUrls().size());
      assertThat(processes).allMatch(ProcessHandle::isAlive);
    }
    assertThat(processes).noneMatch(ProcessHandle::isAlive);
  }
}
