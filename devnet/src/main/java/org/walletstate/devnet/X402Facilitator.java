package org.walletstate.devnet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * An x402 facilitator made of the official packages ({@code @x402/core}'s {@code x402Facilitator}
 * with {@code @x402/evm}'s exact scheme, and optionally {@code @x402/svm}'s on Solana), served over
 * HTTP by {@code devnet/tools/x402-facilitator.mjs} for one devnet chain (and a Solana JSON-RPC):
 * it verifies payments and settles them from its own key (and, on Solana, as fee payer with a
 * keypair of its own). Runs until {@link #close()} (or the JVM's exit closes its standard input).
 */
public final class X402Facilitator implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int START_SECONDS = 120;

  private final Process process;
  private final URI url;
  private final String address;
  private final String solanaFeePayer;

  /**
   * @param privateKey the facilitator's key, which pays the settlements' gas
   * @param rpcUrl the chain's node
   * @param chainId the chain (its {@code eip155:} network)
   * @param solanaRpcUrl a Solana JSON-RPC to settle Solana payments on, or null for none
   */
  X402Facilitator(
      Path devnetDirectory, String privateKey, URI rpcUrl, long chainId, URI solanaRpcUrl) {
    String node = System.getProperty("walletstate.devnet.node", "node");
    try {
      process =
          new ProcessBuilder(node, "tools/x402-facilitator.mjs")
              .directory(devnetDirectory.toFile())
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
    } catch (IOException e) {
      throw new DevnetException("cannot start the x402 facilitator: " + e.getMessage(), e);
    }
    try {
      OutputStream in = process.getOutputStream();
      Map<String, Object> input = new HashMap<>();
      input.put("privateKey", privateKey);
      input.put("rpcUrl", rpcUrl.toString());
      input.put("chainId", chainId);
      if (solanaRpcUrl != null) {
        input.put("solanaRpcUrl", solanaRpcUrl.toString());
      }
      in.write((JSON.writeValueAsString(input) + "\n").getBytes(StandardCharsets.UTF_8));
      in.flush();
      BufferedReader out =
          new BufferedReader(
              new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
      String line =
          CompletableFuture.supplyAsync(
                  () -> {
                    try {
                      return out.readLine();
                    } catch (IOException e) {
                      return null;
                    }
                  },
                  runnable -> new Thread(runnable, "x402-facilitator-start").start())
              .get(START_SECONDS, TimeUnit.SECONDS);
      if (line == null) {
        throw new DevnetException("the x402 facilitator exited before it listened");
      }
      JsonNode started = JSON.readTree(line);
      url = URI.create(started.path("url").asText());
      address = started.path("address").asText();
      solanaFeePayer = started.path("solanaFeePayer").asText(null);
    } catch (IOException | ExecutionException | TimeoutException e) {
      process.destroyForcibly();
      throw new DevnetException("the x402 facilitator did not start: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw new DevnetException("interrupted while starting the x402 facilitator", e);
    }
  }

  // Accessors and close in the same shape as Devnet's and LocalWorld's by design: each holds what
  // its own process announced.
  /** Its base URL ({@code /verify}, {@code /settle} and {@code /supported} below it). */
  public URI url() {
    return url;
  }

  /** The address it settles from (the sender of its settlement transactions). */
  public String address() {
    return address;
  }

  /** Its fee payer on Solana, when it settles Solana payments; else null. */
  public String solanaFeePayer() {
    return solanaFeePayer;
  }

  @Override
  public void close() {
    try {
      process.getOutputStream().close();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (IOException e) {
      process.destroyForcibly();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
