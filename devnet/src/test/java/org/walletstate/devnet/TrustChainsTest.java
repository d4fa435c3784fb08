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

  /** Every EVM chain id the service serves (domain {@code ChainCatalogue}, evm-chains.md). */
  private static final Set<Long> SERVED =
      Set.of(
          1L, 56L, 8453L, 43114L, 137L, 42161L, 10L, 88888L, 1868L, 98866L, 146L, 100L, 5000L,
          534352L, 59144L, 324L, 81457L, 167000L, 2020L, 42220L, 88L, 204L, 480L, 130L, 57073L,
          1329L, 80094L, 33139L, 50L, 4663L, 5042L);

  /** Accepted payment tokens on light chains (domain {@code PaymentTokens}). */
  private static final java.util.Map<Long, List<String>> PAYMENT_TOKENS =
      java.util.Map.of(
          137L,
          List.of(
              "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359",
              "0xc2132D05D31c914a87C6611C10748AEb04B58e8F"),
          42161L,
          List.of(
              "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
              "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9"),
          56L,
          List.of(
              "0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d",
              "0x55d398326f99059fF775485246999027B3197955"),
          43114L,
          List.of(
              "0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E",
              "0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7"),
          5042L,
          List.of("0x3600000000000000000000000000000000000000"));

  @Test
  void withAllChains_everyServedChainId_isLocal_withMulticall3_andThePaymentTokens()
      throws Exception {
    try (Devnet devnet = Devnet.start();
        TrustChains chains = TrustChains.start(devnet, checkList(), true)) {
      Set<Long> local = new TreeSet<>(devnet.rpcUrls().keySet());
      local.addAll(chains.rpcUrls().keySet());
      assertThat(local).containsExactlyInAnyOrderElementsOf(SERVED);
      for (long id : chains.rpcUrls().keySet()) {
        JsonRpc rpc = chains.rpc(id);
        assertThat(Long.decode(rpc.call("eth_chainId").asText())).isEqualTo(id);
        String multicall = id == 324 ? ZKSYNC_MULTICALL : MULTICALL;
        assertThat(rpc.call("eth_getCode", multicall, "latest").asText())
            .as("Multicall3 on %d", id)
            .hasSizeGreaterThan(2);
        for (String token : PAYMENT_TOKENS.getOrDefault(id, List.of())) {
          assertThat(rpc.call("eth_getCode", token, "latest").asText())
              .as("%s on %d", token, id)
              .hasSizeGreaterThan(2);
        }
      }
    }
  }
}
