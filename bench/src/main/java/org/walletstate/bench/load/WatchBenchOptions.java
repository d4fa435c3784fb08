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
    for (int i = 0; i < args.length; i++) {
      String name = args[i];
      if (i + 1 >= args.length) {
        System.err.println(name + " needs a value");
        System.exit(2);
      }
      String value = args[++i];
      switch (name) {
        case "--watches" -> o.watches = Integer.parseInt(value);
        case "--changes" -> o.changes = Integer.parseInt(value);
        case "--rounds" -> o.rounds = Integer.parseInt(value);
        case "--quiet-seconds" -> o.quietSeconds = Integer.parseInt(value);
        case "--floor-repeats" -> o.floorRepeats = Integer.parseInt(value);
        case "--service-jar" -> o.serviceJar = Path.of(value);
        case "--property" -> {
          int eq = value.indexOf('=');
          o.serviceProperties.put(value.substring(0, eq), value.substring(eq + 1));
        }
        default -> {
          System.err.println(
              "unknown option "
                  + name
                  + "\nWatchBench [--watches N] [--changes K per chain and round] [--rounds R]"
                  + " [--quiet-seconds S] [--floor-repeats N] [--property k=v]..."
                  + " [--service-jar JAR]");
          System.exit(2);
        }
      }
    }
    return o;
  }
}
