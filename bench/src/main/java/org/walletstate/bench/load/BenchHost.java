package org.walletstate.bench.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What the load drivers need of the machine they run on: its load average (each report states it
 * before and after), the database settings of the embedded PostgreSQL they start, JDK diagnostic
 * commands on the service, clean-up of the service's data folder, and the JSON file of results.
 */
final class BenchHost {

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private BenchHost() {}

  /**
   * Turns Nagle's algorithm off on the fault proxy's sockets. The proxy is the JDK's HTTP server,
   * whose sockets otherwise keep it on: with web3j's OkHttp client that stalls each proxied
   * exchange by a delayed acknowledgement (about 50 ms measured), a cost of the proxy that no real
   * endpoint adds. Read once, when the server classes load, so it must be called before the proxy
   * starts.
   */
  static void proxyWithoutNagle() {
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  /** The 1, 5 and 15 minute load averages, or "unknown" off Linux. */
  static String loadAverage() {
    try {
      String[] fields =
          Files.readString(Path.of("/proc/loadavg"), StandardCharsets.US_ASCII).split(" ");
      return fields[0] + " " + fields[1] + " " + fields[2];
    } catch (IOException e) {
      return "unknown";
    }
  }

  /**
   * The line that says where a run ran: CPUs, Java, the load average before it (as given) and now,
   * then {@code details}, then how long the run took since {@code started}.
   */
  static String machine(String loadBefore, Instant started, String details) {
    return String.format(
        Locale.ROOT,
        "%d CPUs, Java %s, load average before %s, after %s; %s; run took %d s",
        Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.version"),
        loadBefore,
        loadAverage(),
        details,
        Duration.between(started, Instant.now()).toSeconds());
  }

  /** The service's environment for the embedded PostgreSQL at {@code dbUrl}. */
  static Map<String, String> database(String dbUrl) {
    return Map.of("DB_URL", dbUrl, "DB_USER", "postgres", "DB_PASSWORD", "");
  }

  /** The JDBC URL of an embedded PostgreSQL's default database on {@code port}. */
  static String dbUrl(int port) {
    return "postgresql://127.0.0.1:" + port + "/postgres";
  }

  /** Deletes {@code root} and everything below it; nothing when it does not exist. */
  static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  /** Runs {@code jcmd pid command…} with this JDK's jcmd; fails when it does. */
  static void jcmd(long pid, String... command) throws IOException, InterruptedException {
    List<String> line = new ArrayList<>();
    line.add(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString());
    line.add(Long.toString(pid));
    line.addAll(List.of(command));
    Process jcmd = new ProcessBuilder(line).redirectErrorStream(true).start();
    String out = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (jcmd.waitFor() != 0) {
      throw new IllegalStateException("jcmd " + String.join(" ", command) + " failed: " + out);
    }
  }

  /** Writes {@code results} as indented JSON to {@code out} and says where. */
  static void writeResults(Path out, Map<String, Object> results) throws IOException {
    Files.createDirectories(out.toAbsolutePath().getParent());
    JSON.writeValue(out.toFile(), results);
    System.out.println("results written to " + out);
  }
}
