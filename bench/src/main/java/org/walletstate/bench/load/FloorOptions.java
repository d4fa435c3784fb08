package org.walletstate.bench.load;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.Rule;

/**
 * The command line of {@link FloorBench}: block sizes, concurrencies, the chain's rhythm and delay,
 * the service jar and its settings, and where results go.
 */
final class FloorOptions {
  int requests = 500;
  int warmup = 300;
  int blocks = 4;
  List<Integer> concurrency = List.of(1, 8);
  int mineEverySeconds;
  int delayMs;
  int keys = 1;
  Path jfr;
  Path serviceJar = Path.of("adapters-http/target/quarkus-app/quarkus-run.jar");
  Path out = Path.of("bench/target/floor-bench.json");
  Map<String, String> serviceProperties = new LinkedHashMap<>();
  List<String> jvmOptions = new ArrayList<>();

  String describe() {
    return String.format(
        Locale.ROOT,
        "N=%d per block, %d blocks, warm-up %d, %d key(s), mine every %s, delay %s, service %s %s",
        requests,
        blocks,
        warmup,
        keys,
        mineEverySeconds > 0 ? mineEverySeconds + " s" : "off (on transactions)",
        delayMs > 0 ? delayMs + " ms per exchange" : "none",
        jvmOptions,
        serviceProperties);
  }

  /** A proxy in front of {@code node}, delaying every exchange by {@code --delay-ms} when set. */
  FaultProxy proxied(URI node) {
    FaultProxy proxy = FaultProxy.inFrontOf(node);
    if (delayMs > 0) {
      proxy.install(Rule.of(Match.any(), Fault.delay(Duration.ofMillis(delayMs))));
    }
    return proxy;
  }

  // Read as CpuLoadOptions and WatchBenchOptions read theirs, by design: each bench keeps its own
  // names, defaults and usage line.
  static FloorOptions parse(String[] args) {
    FloorOptions o = new FloorOptions();
    OptionPairs.read(
        args,
        "FloorBench [--requests N] [--warmup N] [--blocks N] [--concurrency 1,8]"
            + " [--mine-every S] [--delay-ms D] [--keys N] [--jfr FILE] [--property k=v]..."
            + " [--jvm OPTION]... [--service-jar JAR] [--out FILE]",
        (name, value) -> {
          switch (name) {
            case "--requests" -> o.requests = Integer.parseInt(value);
            case "--warmup" -> o.warmup = Integer.parseInt(value);
            case "--blocks" -> o.blocks = Integer.parseInt(value);
            case "--concurrency" -> o.concurrency = OptionPairs.list(value, Integer::parseInt);
            case "--mine-every" -> o.mineEverySeconds = Integer.parseInt(value);
            case "--delay-ms" -> o.delayMs = Integer.parseInt(value);
            case "--keys" -> o.keys = Integer.parseInt(value);
            case "--jfr" -> o.jfr = Path.of(value);
            case "--service-jar" -> o.serviceJar = Path.of(value);
            case "--out" -> o.out = Path.of(value);
            case "--property" -> OptionPairs.property(o.serviceProperties, value);
            case "--jvm" -> o.jvmOptions.add(value);
            default -> {
              return false;
            }
          }
          return true;
        });
    return o;
  }
}
