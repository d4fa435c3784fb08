package org.walletstate.bench.load;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;

/**
 * The command line of {@link AttestLoad}: request counts, concurrencies, the read cache modes, the
 * service jar, where results go, or a running service with its key and devnet manifest.
 */
final class AttestLoadOptions {
  int requests = 1000;
  int warmup = 300;
  List<Integer> concurrency = List.of(1, 4, 16);
  List<Boolean> cacheModes = List.of(false, true);
  Path serviceJar = Path.of("adapters-http/target/quarkus-app/quarkus-run.jar");
  Path out = Path.of("bench/target/attest-load.json");
  URI service;
  String key;
  Path manifest;

  static AttestLoadOptions parse(String[] args) {
    AttestLoadOptions o = new AttestLoadOptions();
    for (int i = 0; i < args.length; i++) {
      String name = args[i];
      if (name.equals("-h") || name.equals("--help")) {
        usage(0);
      }
      if (i + 1 >= args.length) {
        System.err.println(name + " needs a value");
        usage(2);
      }
      String value = args[++i];
      // One case per option by design: each sets its own field.
      switch (name) {
        case "--requests":
          o.requests = Integer.parseInt(value);
          break;
        case "--warmup":
          o.warmup = Integer.parseInt(value);
          break;
        case "--concurrency":
          o.concurrency = OptionPairs.list(value, Integer::parseInt);
          break;
        case "--cache":
          o.cacheModes = value.equals("both") ? List.of(false, true) : List.of(value.equals("on"));
          break;
        case "--service-jar":
          o.serviceJar = Path.of(value);
          break;
        case "--out":
          o.out = Path.of(value);
          break;
        case "--service":
          o.service = URI.create(value);
          break;
        case "--key":
          o.key = value;
          break;
        case "--manifest":
          o.manifest = Path.of(value);
          break;
        default:
          System.err.println("unknown option " + name);
          usage(2);
      }
    }
    if (o.service != null && (o.key == null || o.manifest == null)) {
      System.err.println("--service needs --key and --manifest");
      usage(2);
    }
    return o;
  }

  private static void usage(int status) {
    System.err.println(
        "AttestLoad [--requests N] [--warmup N] [--concurrency 1,4,16] [--cache off|on|both]\n"
            + "           [--service-jar adapters-http/target/quarkus-app/quarkus-run.jar]\n"
            + "           [--out bench/target/attest-load.json]\n"
            + "           [--service URL --key KEY --manifest devnet/run/manifest.json]");
    System.exit(status);
  }
}
