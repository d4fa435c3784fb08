package org.walletstate.bench.load;

import java.nio.file.Path;
import java.util.List;

/**
 * The command line of {@link CpuLoad}: the fixed attest rates and how long each runs, the idle
 * windows, the warm-up, the closed-loop saturation block, the chain's rhythm, the service jar and
 * where results go.
 *
 * <p>Same shape as {@link FloorOptions} and {@link WatchBenchOptions} by design: {@link
 * OptionPairs} reads the pairs, and each bench keeps its own names, defaults and usage line.
 */
final class CpuLoadOptions {
  List<Double> rates = List.of(10.0, 25.0, 50.0, 100.0);
  int seconds = 30;
  int idleSeconds = 30;
  int warmup = 300;
  int saturate = 2000;
  int saturateConcurrency = 8;
  int maxInFlight = 32;
  int mineEverySeconds = 2;
  Path serviceJar = Path.of("adapters-http/target/quarkus-app/quarkus-run.jar");
  Path out = Path.of("bench/target/cpu-load.json");

  static CpuLoadOptions parse(String[] args) {
    CpuLoadOptions o = new CpuLoadOptions();
    OptionPairs.read(
        args,
        "CpuLoad [--rates 10,25,50,100] [--seconds 30] [--idle-seconds 30] [--warmup 300]"
            + " [--saturate 2000] [--saturate-concurrency 8] [--max-in-flight 32]"
            + " [--mine-every 2] [--service-jar JAR] [--out bench/target/cpu-load.json]",
        (name, value) -> {
          // One case per option, as FloorOptions' by design.
          switch (name) {
            case "--rates" -> o.rates = OptionPairs.list(value, Double::parseDouble);
            case "--seconds" -> o.seconds = Integer.parseInt(value);
            case "--idle-seconds" -> o.idleSeconds = Integer.parseInt(value);
            case "--warmup" -> o.warmup = Integer.parseInt(value);
            case "--saturate" -> o.saturate = Integer.parseInt(value);
            case "--saturate-concurrency" -> o.saturateConcurrency = Integer.parseInt(value);
            case "--max-in-flight" -> o.maxInFlight = Integer.parseInt(value);
            case "--mine-every" -> o.mineEverySeconds = Integer.parseInt(value);
            case "--service-jar" -> o.serviceJar = Path.of(value);
            case "--out" -> o.out = Path.of(value);
            default -> {
              return false;
            }
          }
          return true;
        });
    return o;
  }
}
