package org.walletstate.bench.load;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The command line of {@link TrustLoad}: request counts, the service jar, its JVM options and
 * property overrides.
 */
record TrustLoadOptions(
    Path jar, int requests, int warmup, String serviceJvm, Map<String, String> overrides) {

  static TrustLoadOptions parse(String[] args) {
    int requests = 200;
    int warmup = 40;
    Path jar = Path.of("adapters-http/target/quarkus-app/quarkus-run.jar");
    String serviceJvm = "";
    Map<String, String> overrides = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--requests" -> requests = Integer.parseInt(args[++i]);
        case "--warmup" -> warmup = Integer.parseInt(args[++i]);
        case "--service-jar" -> jar = Path.of(args[++i]);
        case "--service-jvm" -> serviceJvm = args[++i];
        case "--property" -> OptionPairs.property(overrides, args[++i]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    return new TrustLoadOptions(jar, requests, warmup, serviceJvm, overrides);
  }
}
