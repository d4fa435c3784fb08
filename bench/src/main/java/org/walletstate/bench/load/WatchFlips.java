package org.walletstate.bench.load;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.JsonRpc;

/**
 * A round of changes: mints 1 raw unit to {@code changes} unflipped watched wallets per chain (sent
 * at once, so each chain's mints land in one or two of its 2-second blocks), and measures per chain
 * the time from the first of those blocks being seen to the last of their deliveries, and how many
 * deliveries are anchored at the block of their wallet's mint (the block that changed the verdict).
 */
final class WatchFlips {

  private static final Pattern BLOCK_NUMBER =
      Pattern.compile("\"blockNumber\"\\s*:\\s*\"(0x[0-9a-fA-F]+)\"");

  private WatchFlips() {}

  /**
   * A round's figures.
   *
   * @param latency per chain, milliseconds from the block seen to the last delivery of its changes
   * @param atMintBlock deliveries anchored at the block of their wallet's mint
   * @param blocksLate per delivery anchored later, how many blocks after its mint's
   */
  record Round(Map<Long, Long> latency, int deliveries, int atMintBlock, List<Long> blocksLate) {}

  /** One round: the mints, then the wait for every delivery they cause. */
  static Round round(
      Devnet devnet, WatchRows rows, WatchReceiver receiver, HeadWatch heads, int changes)
      throws Exception {
    int arrivedBefore = receiver.arrivals().size();
    Map<Long, Map<String, String>> sent = mint(devnet, rows, changes);
    Map<Long, Long> firstBlock = new LinkedHashMap<>();
    Map<String, Long> mintBlock = new LinkedHashMap<>();
    for (Map.Entry<Long, Map<String, String>> e : sent.entrySet()) {
      long first = Long.MAX_VALUE;
      for (Map.Entry<String, String> tx : e.getValue().entrySet()) {
        JsonNodeBlock block = new JsonNodeBlock(devnet.rpc(e.getKey()).minedReceipt(tx.getKey()));
        first = Math.min(first, block.number);
        mintBlock.put(tx.getValue().toLowerCase(Locale.ROOT), block.number);
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
    return anchoring(latency, round, mintBlock);
  }

  /** The round's deliveries' anchors against their wallets' mint blocks. */
  private static Round anchoring(
      Map<Long, Long> latency, List<WatchReceiver.Arrival> round, Map<String, Long> mintBlock) {
    int atMint = 0;
    List<Long> late = new ArrayList<>();
    for (WatchReceiver.Arrival arrival : round) {
      Matcher number = BLOCK_NUMBER.matcher(arrival.body());
      Long minted = mintBlock.get(arrival.wallet().toLowerCase(Locale.ROOT));
      if (minted == null || !number.find()) {
        throw new IllegalStateException(
            "a delivery of an unminted wallet, or without a block: " + arrival.wallet());
      }
      long anchored = Long.decode(number.group(1));
      if (anchored == minted) {
        atMint++;
      } else {
        late.add(anchored - minted);
      }
    }
    return new Round(latency, round.size(), atMint, late);
  }

  /** Sends the mints of a round, {@code changes} per chain; per chain, each hash's wallet. */
  private static Map<Long, Map<String, String>> mint(Devnet devnet, WatchRows rows, int changes) {
    String deployer = devnet.manifest().deployer().address();
    Map<Long, Map<String, String>> sent = new LinkedHashMap<>();
    for (long chain : WatchBench.CHAINS) {
      Map<String, String> hashes = new LinkedHashMap<>();
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
        hashes.put(
            rpc.call(
                    "eth_sendTransaction",
                    Map.of("from", deployer, "to", token, "data", data, "gas", "0x30d40"))
                .asText(),
            row.wallet);
      }
      sent.put(chain, hashes);
    }
    return sent;
  }

  /** The median and range of the rounds' latencies per chain, and the deliveries' anchors. */
  static void report(List<Round> rounds) {
    System.out.println("| chain | rounds | block → last delivery, median ms | min | max |");
    System.out.println("|---:|---:|---:|---:|---:|");
    for (long chain : WatchBench.CHAINS) {
      long[] ms = rounds.stream().mapToLong(r -> r.latency().get(chain)).sorted().toArray();
      System.out.printf(
          Locale.ROOT,
          "| %d | %d | %d | %d | %d |%n",
          chain,
          ms.length,
          ms[ms.length / 2],
          ms[0],
          ms[ms.length - 1]);
    }
    System.out.println("all: " + Arrays.toString(rounds.stream().map(Round::latency).toArray()));
    int deliveries = rounds.stream().mapToInt(Round::deliveries).sum();
    int atMint = rounds.stream().mapToInt(Round::atMintBlock).sum();
    List<Long> late = rounds.stream().flatMap(r -> r.blocksLate().stream()).sorted().toList();
    System.out.printf(
        Locale.ROOT,
        "anchored at the block of their mint: %d of %d deliveries; the others, blocks late: %s%n",
        atMint,
        deliveries,
        late);
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
