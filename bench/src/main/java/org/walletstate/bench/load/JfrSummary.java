package org.walletstate.bench.load;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where a flight recording's CPU samples ({@code jdk.ExecutionSample}) went: each sample goes to
 * the first category (in the order below) that any frame of its stack belongs to, so the shares are
 * inclusive and add up to 100 %; then the hottest methods by own time.
 *
 * <pre>java -cp bench/target/benchmarks.jar org.walletstate.bench.load.JfrSummary service.jfr</pre>
 */
public final class JfrSummary {

  /** Category name → package or class prefixes; first match wins, in this order. */
  private static final Map<String, List<String>> CATEGORIES = new LinkedHashMap<>();

  static {
    CATEGORIES.put(
        "signing (ES256, ML-DSA-65)",
        List.of("sun.security.ec", "org.bouncycastle", "org.walletstate.crypto"));
    CATEGORIES.put(
        "Hibernate Reactive / Panache", List.of("org.hibernate", "io.quarkus.hibernate"));
    CATEGORIES.put("PostgreSQL client", List.of("io.vertx.pgclient", "io.vertx.sqlclient"));
    CATEGORIES.put("chain reads (web3j, OkHttp)", List.of("org.web3j", "okhttp3", "okio"));
    CATEGORIES.put("chain adapter", List.of("org.walletstate.adapters.chain"));
    CATEGORIES.put("JSON (Jackson)", List.of("com.fasterxml.jackson"));
    CATEGORIES.put(
        "domain and application", List.of("org.walletstate.domain", "org.walletstate.application"));
    CATEGORIES.put(
        "HTTP edge (RESTEasy Reactive, Vert.x web)",
        List.of("org.jboss.resteasy", "io.quarkus.resteasy", "io.vertx.ext.web", "io.vertx.core"));
    CATEGORIES.put("Netty I/O", List.of("io.netty"));
    CATEGORIES.put("JIT / class loading / other JDK", List.of("java.", "jdk.", "sun."));
  }

  private JfrSummary() {}

  public static void main(String[] args) throws IOException {
    Map<String, Long> categories = new LinkedHashMap<>();
    CATEGORIES.keySet().forEach(c -> categories.put(c, 0L));
    categories.put("other", 0L);
    Map<String, Long> top = new TreeMap<>();
    Map<String, Long> ours = new TreeMap<>();
    long total = 0;
    for (RecordedEvent event : RecordingFile.readAllEvents(Path.of(args[0]))) {
      if (!event.getEventType().getName().equals("jdk.ExecutionSample")) {
        continue;
      }
      RecordedStackTrace stack = event.getStackTrace();
      if (stack == null || stack.getFrames().isEmpty()) {
        continue;
      }
      total++;
      List<RecordedFrame> frames = stack.getFrames();
      RecordedFrame leaf = frames.get(0);
      top.merge(
          leaf.getMethod().getType().getName() + "." + leaf.getMethod().getName(), 1L, Long::sum);
      categories.merge(category(frames), 1L, Long::sum);
      for (RecordedFrame frame : frames) {
        String type = frame.isJavaFrame() ? frame.getMethod().getType().getName() : "";
        if (type.startsWith("org.walletstate.")) {
          ours.merge(type + "." + frame.getMethod().getName(), 1L, Long::sum);
          break;
        }
      }
    }
    System.out.printf(
        Locale.ROOT, "%d execution samples%n%n| where (inclusive) | share |%n", total);
    System.out.println("|---|---:|");
    for (Map.Entry<String, Long> e : categories.entrySet()) {
      System.out.printf(
          Locale.ROOT, "| %s | %.1f %% |%n", e.getKey(), 100.0 * e.getValue() / total);
    }
    int limit = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    printTop("hottest methods (own time)", top, total, limit);
    printTop("innermost project frame (samples under it)", ours, total, limit);
  }

  private static void printTop(String title, Map<String, Long> counts, long total, int limit) {
    System.out.printf(Locale.ROOT, "%n| %s | share |%n|---|---:|%n", title);
    counts.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .limit(limit)
        .forEach(
            e ->
                System.out.printf(
                    Locale.ROOT, "| `%s` | %.1f %% |%n", e.getKey(), 100.0 * e.getValue() / total));
  }

  private static String category(List<RecordedFrame> frames) {
    for (Map.Entry<String, List<String>> category : CATEGORIES.entrySet()) {
      for (RecordedFrame frame : frames) {
        if (!frame.isJavaFrame()) {
          continue;
        }
        String type = frame.getMethod().getType().getName();
        for (String prefix : category.getValue()) {
          if (type.startsWith(prefix)) {
            return category.getKey();
          }
        }
      }
    }
    return "other";
  }
}
