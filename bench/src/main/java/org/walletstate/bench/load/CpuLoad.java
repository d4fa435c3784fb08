package org.walletstate.bench.load;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.walletstate.devnet.Devnet;

/**
 * The service's CPU per replica: one service JVM on the devnet, its CPU time ({@code utime +
 * stime}, {@link ServiceProcess#cpuNanos}) read before and after each phase of one run — idle after
 * start, idle after a warm-up, {@code POST /v1/attest} (one {@code token_balance} on chain 8453, as
 * {@link AttestLoad}'s first scenario) at each fixed rate ({@link FixedRate}, open loop), and a
 * closed-loop block at saturation. Each phase gives CPU-seconds per second (cores busy) and CPU per
 * request; the rate phases give a straight line, idle cores plus CPU per request times the rate,
 * from which a CPU request is derived (docs/performance.md, "CPU per replica").
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.walletstate.bench.load.CpuLoad \
 *     --rates 10,25,50,100 --seconds 30 --idle-seconds 30
 * </pre>
 */
public final class CpuLoad {

  /** One phase's figures. CPU in seconds, latency in milliseconds. */
  record Phase(
      String name,
      double targetPerSecond,
      int requests,
      int errors,
      double achievedPerSecond,
      double p50,
      double p99,
      double wallSeconds,
      double serviceCpuSeconds,
      double driverCpuSeconds,
      long rssKib) {

    double cores() {
      return serviceCpuSeconds / wallSeconds;
    }

    double cpuMsPerRequest() {
      return requests == 0 ? Double.NaN : serviceCpuSeconds * 1000 / requests;
    }
  }

  /** What a phase's load returns: requests, errors, rates and latency. */
  private interface Load {
    FixedRate.Result run() throws Exception;
  }

  private final CpuLoadOptions options;
  private final HttpClient http = ServiceCalls.client();
  private final List<Phase> phases = new ArrayList<>();

  private CpuLoad(CpuLoadOptions options) {
    this.options = options;
  }

  public static void main(String[] args) throws Exception {
    new CpuLoad(CpuLoadOptions.parse(args)).run();
    System.exit(0); // the devnet's and the JDK client's threads must not keep the JVM alive
  }

  private void run() throws Exception {
    // Starts as PaidLoad's run does by design: each load drives its own devnet, database and
    // service.
    String loadBefore = BenchHost.loadAverage();
    Instant started = Instant.now();
    Path work = Files.createTempDirectory("cpu-load-");
    try (Devnet devnet = Devnet.start();
        EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
      if (options.mineEverySeconds > 0) {
        devnet.mineEvery(Duration.ofSeconds(options.mineEverySeconds));
      }
      String dbUrl = BenchHost.dbUrl(postgres.getPort());
      Map<String, String> properties =
          AttestLoad.serviceProperties(devnet.rpcUrls(), work.resolve("data"), true);
      Path log = work.resolve("service.log");
      System.out.println("service log: " + log);
      try (ServiceProcess service =
          ServiceProcess.start(options.serviceJar, properties, BenchHost.database(dbUrl), log)) {
        String key = BenchKeys.create("jdbc:" + dbUrl, "postgres", "");
        String body = AttestLoad.scenarios(devnet.manifest()).get(0).body();
        measure(service, AttestLoad.verifiedAttest(http, service.base(), key, body));
      }
    } finally {
      BenchHost.deleteTree(work.resolve("data")); // the service's local signing keys; the log stays
    }
    report(started, loadBefore);
  }

  /** The phases of the run, in order, each measured on the same service JVM. */
  private void measure(ServiceProcess service, LoadRun.Operation attest) throws Exception {
    Duration idle = Duration.ofSeconds(options.idleSeconds);
    Thread.sleep(3000);
    phase(service, "idle after start", 0, idle(idle));
    for (int round = 0; round < 3; round++) {
      LoadRun.run(attest, options.warmup, 4);
    }
    Thread.sleep(5000);
    phase(service, "idle after warm-up", 0, idle(idle));
    Duration length = Duration.ofSeconds(options.seconds);
    for (double rate : options.rates) {
      Thread.sleep(3000);
      phase(
          service,
          "attest at a fixed rate",
          rate,
          () -> FixedRate.run(attest, rate, length, options.maxInFlight));
    }
    if (options.saturate > 0) {
      Thread.sleep(3000);
      int c = options.saturateConcurrency;
      phase(
          service,
          "attest, closed loop C=" + c,
          0,
          () -> {
            LoadRun.Result r = LoadRun.run(attest, options.saturate, c);
            return new FixedRate.Result(
                0,
                r.requests(),
                r.errors(),
                r.firstError(),
                r.throughputPerSecond(),
                r.p50(),
                r.p99(),
                r.wallSeconds());
          });
    }
  }

  private static Load idle(Duration length) {
    return () -> {
      Thread.sleep(length.toMillis());
      return new FixedRate.Result(0, 0, 0, null, 0, Double.NaN, Double.NaN, length.toNanos() / 1e9);
    };
  }

  /** Runs {@code load}, reading the service's and the driver's CPU time either side of it. */
  private void phase(ServiceProcess service, String name, double target, Load load)
      throws Exception {
    long serviceBefore = service.cpuNanos();
    long driverBefore = ProcessHandle.current().info().totalCpuDuration().orElseThrow().toNanos();
    long t0 = System.nanoTime();
    FixedRate.Result r = load.run();
    double wall = (System.nanoTime() - t0) / 1e9;
    double serviceCpu = (service.cpuNanos() - serviceBefore) / 1e9;
    double driverCpu =
        (ProcessHandle.current().info().totalCpuDuration().orElseThrow().toNanos() - driverBefore)
            / 1e9;
    Phase p =
        new Phase(
            name,
            target,
            r.requests(),
            r.errors(),
            r.achievedPerSecond(),
            r.p50(),
            r.p99(),
            wall,
            serviceCpu,
            driverCpu,
            service.rssKib());
    phases.add(p);
    System.out.printf(
        Locale.ROOT,
        "%-24s target %6.1f/s  achieved %7.1f/s  N %6d  errors %d  p50 %7.2f ms  p99 %7.2f ms"
            + "  service %.3f cores, %.2f ms CPU/request  driver %.3f cores  RSS %d MiB%n",
        name,
        target,
        p.achievedPerSecond(),
        p.requests(),
        p.errors(),
        p.p50(),
        p.p99(),
        p.cores(),
        p.cpuMsPerRequest(),
        driverCpu / wall,
        p.rssKib() / 1024);
    if (r.firstError() != null) {
      System.out.println("  first error: " + r.firstError());
    }
  }

  /**
   * The least-squares line through the idle-after-warm-up phase (rate 0) and the fixed-rate ones:
   * cores busy = idle + rate × CPU per request. Returns {intercept cores, CPU seconds per request}.
   */
  static double[] fit(List<double[]> points) {
    double n = points.size();
    double sx = 0;
    double sy = 0;
    double sxx = 0;
    double sxy = 0;
    for (double[] p : points) {
      sx += p[0];
      sy += p[1];
      sxx += p[0] * p[0];
      sxy += p[0] * p[1];
    }
    double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
    return new double[] {(sy - slope * sx) / n, slope};
  }

  private void report(Instant started, String loadBefore) throws Exception {
    List<double[]> points = new ArrayList<>();
    for (Phase p : phases) {
      if (p.name().equals("idle after warm-up") || p.targetPerSecond() > 0) {
        points.add(new double[] {p.achievedPerSecond(), p.cores()});
      }
    }
    double[] line = fit(points);
    System.out.printf(
        Locale.ROOT,
        "fit over idle and the fixed rates: cores = %.4f + %.3f ms × attest/s"
            + " (%.3f CPU-seconds per 100 attests)%n",
        line[0],
        line[1] * 1000,
        line[1] * 100);
    String loadAfter = BenchHost.loadAverage();
    System.out.printf(
        "load average %s before, %s after; %d s; %d CPUs%n",
        loadBefore,
        loadAfter,
        Duration.between(started, Instant.now()).toSeconds(),
        Runtime.getRuntime().availableProcessors());
    Map<String, Object> results = new LinkedHashMap<>();
    results.put("started", started.toString());
    results.put("loadAverageBefore", loadBefore);
    results.put("loadAverageAfter", loadAfter);
    results.put("idleCores", line[0]);
    results.put("cpuSecondsPerRequest", line[1]);
    results.put("phases", phases);
    BenchHost.writeResults(options.out, results);
  }
}
