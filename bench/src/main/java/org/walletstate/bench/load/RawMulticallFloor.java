package org.walletstate.bench.load;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.walletstate.devnet.Devnet;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.read.Aggregate3;
import org.walletstate.domain.evm.read.EvmRequest;

/**
 * The floor of a block's evaluation: the watched wallets' {@code balanceOf} and the token's {@code
 * decimals}, as one Multicall3 {@code aggregate3} per chain (the encoding the service's reader
 * uses), posted directly to each chain's node at {@code latest}, the three chains at once; timed
 * from the first request to the last answer.
 */
final class RawMulticallFloor {

  private RawMulticallFloor() {}

  static void report(Devnet devnet, WatchRows rows, int repeats) throws Exception {
    HttpClient http = ServiceCalls.client();
    Map<Long, HttpRequest> requests = new LinkedHashMap<>();
    for (long chain : WatchBench.CHAINS) {
      EvmAddress token = EvmAddress.of(WatchRows.token(devnet, chain));
      List<EvmRequest.EthCall> calls = new ArrayList<>();
      calls.add(new EvmRequest.EthCall(token, Bytes.fromHex("0x313ce567")));
      for (WatchRows.Row row : rows.rows()) {
        if (row.chain == chain) {
          calls.add(
              new EvmRequest.EthCall(
                  token, Bytes.fromHex("0x70a08231" + "0".repeat(24) + row.wallet.substring(2))));
        }
      }
      EvmRequest.EthCall multicall =
          (EvmRequest.EthCall) new Aggregate3(Aggregate3.CANONICAL, calls).request();
      String body =
          "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_call\",\"params\":[{\"to\":\""
              + multicall.to().text()
              + "\",\"data\":\""
              + multicall.data().toHex()
              + "\"},\"latest\"]}";
      URI node = devnet.rpcUrls().get(chain);
      requests.put(
          chain,
          HttpRequest.newBuilder(node)
              .header("content-type", "application/json")
              .POST(HttpRequest.BodyPublishers.ofString(body))
              .build());
    }
    double[] ms = new double[repeats];
    for (int i = 0; i < repeats + 2; i++) {
      long started = System.nanoTime();
      List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
      requests
          .values()
          .forEach(r -> answers.add(http.sendAsync(r, HttpResponse.BodyHandlers.ofString())));
      for (CompletableFuture<HttpResponse<String>> answer : answers) {
        String text = answer.get().body();
        if (!text.contains("\"result\"")) {
          throw new IllegalStateException(
              "the floor's multicall failed: " + text.substring(0, Math.min(200, text.length())));
        }
      }
      if (i >= 2) { // two warm-up rounds
        ms[i - 2] = (System.nanoTime() - started) / 1e6;
      }
    }
    Arrays.sort(ms);
    System.out.printf(
        Locale.ROOT,
        "floor: one aggregate3 per chain (%d balanceOf + decimals over 3 chains), the three at"
            + " once: p50 %.1f ms, min %.1f ms, max %.1f ms over %d%n",
        rows.rows().size(),
        ms[repeats / 2],
        ms[0],
        ms[repeats - 1],
        repeats);
  }
}
