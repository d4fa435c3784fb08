package org.walletstate.bench.load;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** {@link WatchBench}'s command line. */
final class WatchBenchOptions {

  int watches = 10_000;
  int changes = 10;
  int rounds = 5;
  int quietSeconds = 20;
  int floorRepeats = 10;
  Path serviceJar = Path.of("adapters-http/target/quarkus-app/quarkus-run.jar");
  final Map<String, String> serviceProperties = new LinkedHashMap<>();

  static WatchBenchOptions parse(String[] args) {
    WatchBenchOptions o = new WatchBenchOptions();
    OptionPairs.read(
        args,
        "WatchBench [--watches N] [--changes K per chain and round] [--rounds R]"
            + " [--quiet-seconds S] [--floor-repeats N] [--property k=v]..."
            + " [--service-jar JAR]",
        (name, value) -> {
          switch (name) {
            case "--watches" -> o.watches = Integer.parseInt(value);
            case "--changes" -> o.changes = Integer.parseInt(value);
            case "--rounds" -> o.rounds = Integer.parseInt(value);
            case "--quiet-seconds" -> o.quietSeconds = Integer.parseInt(value);
            case "--floor-repeats" -> o.floorRepeats = Integer.parseInt(value);
            case "--service-jar" -> o.serviceJar = Path.of(value);
            case "--property" -> OptionPairs.property(o.serviceProperties, value);
            default -> {
              return false;
            }
          }
          return true;
        });
    return o;
  }
}
