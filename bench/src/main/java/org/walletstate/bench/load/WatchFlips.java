package org.walletstate.bench.load;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.JsonRpc;

/**
 * A round of changes: mints 1 raw unit to {@code changes} unflipped watched wallets per chain (sent
 * at once, so each chain's mints land in one or two of its 2-second blocks), and measures per chain
 * the time from the first of those blocks being seen to the last of their deliveries.
 */
final class WatchFlips {

  private WatchFlips() {}

  /** Per chain, milliseconds from the block seen to the last delivery of the round's changes. */
  static Map<Long, Long> round(
      Devnet devnet, WatchRows rows, WatchReceiver receiver, HeadWatch heads, int changes)
      throws Exception {
    int arrivedBefore = receiver.arrivals().size();
    Map<Long, List<String>> sent = mint(devnet, rows, changes);
    Map<Long, Long> firstBlock = new LinkedHashMap<>();
    for (Map.Entry<Long, List<String>> e : sent.entrySet()) {
      long first = Long.MAX_VALUE;
      for (String hash : e.getValue()) {
        JsonNodeBlock block = new JsonNodeBlock(devnet.rpc(e.getKey()).minedReceipt(hash));
        first = Math.min(first, block.number);
      }
      firstBlock.put(e.getKey(), first);
    }
    long deadline = System.nanoTime() + 180_000_000_000L;
    while (receiver.arrivals().size() - arrivedBefore < changes * WatchBench.CHAINS.size()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            (receiver.arrivals().size() - arrivedBefore) + " deliveries within 180 s");
      }
      Thread.sleep(20);
    }
    List<WatchReceiver.Arrival> round =
        receiver.arrivals().subList(arrivedBefore, receiver.arrivals().size());
    Map<Long, Long> latency = new LinkedHashMap<>();
    for (long chain : WatchBench.CHAINS) {
      long last =
          round.stream()
              .filter(a -> a.chain() == chain)
              .mapToLong(WatchReceiver.Arrival::atNanos)
              .max()
              .orElseThrow();
      Long seen = heads.seenAt(chain, firstBlock.get(chain));
      latency.put(chain, seen == null ? -1 : (last - seen) / 1_000_000);
    }
    return latency;
  }

  /** Sends the mints of a round, {@code changes} per chain; their hashes per chain. */
  private static Map<Long, List<String>> mint(Devnet devnet, WatchRows rows, int changes) {
    String deployer = devnet.manifest().deployer().address();
    Map<Long, List<String>> sent = new LinkedHashMap<>();
    for (long chain : WatchBench.CHAINS) {
      List<String> hashes = new ArrayList<>();
      String token = WatchRows.token(devnet, chain);
      JsonRpc rpc = devnet.rpc(chain);
      int picked = 0;
      for (WatchRows.Row row : rows.rows()) {
        if (picked == changes) {
          break;
        }
        if (row.chain != chain || row.flipped) {
          continue;
        }
        row.flipped = true;
        picked++;
        String data =
            "0x40c10f19" + word(row.wallet.substring(2)) + word(BigInteger.ONE.toString(16));
        hashes.add(
            rpc.call(
                    "eth_sendTransaction",
                    Map.of("from", deployer, "to", token, "data", data, "gas", "0x30d40"))
                .asText());
      }
      sent.put(chain, hashes);
    }
    return sent;
  }

  /** The median and range of the rounds' latencies per chain. */
  static void report(List<Map<Long, Long>> rounds) {
    System.out.println("| chain | rounds | block → last delivery, median ms | min | max |");
    System.out.println("|---:|---:|---:|---:|---:|");
    for (long chain : WatchBench.CHAINS) {
      long[] ms = rounds.stream().mapToLong(r -> r.get(chain)).sorted().toArray();
      System.out.printf(
          Locale.ROOT,
          "| %d | %d | %d | %d | %d |%n",
          chain,
          ms.length,
          ms[ms.length / 2],
          ms[0],
          ms[ms.length - 1]);
    }
    System.out.println("all: " + Arrays.toString(rounds.toArray()));
  }

  private static String word(String hex) {
    return "0".repeat(64 - hex.length()) + hex.toLowerCase(Locale.ROOT);
  }

  /** The block number of a receipt. */
  private record JsonNodeBlock(long number) {
    JsonNodeBlock(com.fasterxml.jackson.databind.JsonNode receipt) {
      this(Long.decode(receipt.get("blockNumber").asText()));
    }
  }
}
