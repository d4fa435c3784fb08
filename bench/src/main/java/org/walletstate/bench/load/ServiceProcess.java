package org.walletstate.bench.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The service as it is deployed: {@code java -jar} of the built application in its own JVM, with
 * its output in a log file. Started with the given system properties and environment; ready once
 * {@code /q/health/ready} answers 200.
 */
public final class ServiceProcess implements AutoCloseable {

  private static final Duration START_TIMEOUT = Duration.ofMinutes(3);

  private final Process process;
  private final URI base;
  private final URI management;
  private final Path log;

  private ServiceProcess(Process process, URI base, URI management, Path log) {
    this.process = process;
    this.base = base;
    this.management = management;
    this.log = log;
  }

  /** Starts {@code jar} on a free loopback port and waits until it is ready. */
  public static ServiceProcess start(
      Path jar, Map<String, String> properties, Map<String, String> environment, Path log)
      throws IOException, InterruptedException {
    return start(jar, List.of(), properties, environment, log);
  }

  /** Starts {@code jar} with extra JVM options (e.g. a flight recording) and waits until ready. */
  public static ServiceProcess start(
      Path jar,
      List<String> jvmOptions,
      Map<String, String> properties,
      Map<String, String> environment,
      Path log)
      throws IOException, InterruptedException {
    if (!Files.isRegularFile(jar)) {
      throw new IllegalArgumentException(
          jar
              + " does not exist; build it with ./mvnw -B -DskipTests package -pl adapters-http -am");
    }
    int port = freePort();
    int managementPort = freePort();
    String java = ProcessHandle.current().info().command().orElse("java");
    List<String> command = new ArrayList<>();
    command.add(java);
    command.addAll(jvmOptions);
    command.add("-Dquarkus.http.port=" + port);
    command.add("-Dquarkus.http.host=127.0.0.1");
    command.add("-Dquarkus.management.port=" + managementPort);
    command.add("-Dquarkus.management.host=127.0.0.1");
    properties.forEach((key, value) -> command.add("-D" + key + "=" + value));
    command.add("-jar");
    command.add(jar.toString());
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().putAll(environment);
    Process process = builder.start();
    ServiceProcess service =
        new ServiceProcess(
            process,
            URI.create("http://127.0.0.1:" + port),
            URI.create("http://127.0.0.1:" + managementPort),
            log);
    service.awaitReady();
    return service;
  }

  // Accessors written out by design: each class exposes its own fields.
  public URI base() {
    return base;
  }

  /** The management port's address: {@code /q/metrics} is served there only. */
  public URI management() {
    return management;
  }

  /** The service JVM's process id. */
  public long pid() {
    return process.pid();
  }

  /**
   * The CPU time the service JVM has used so far (user + system, all its threads), in nanoseconds;
   * -1 if the platform does not say. On Linux the JDK reads it from {@code /proc/<pid>/stat}
   * ({@code utime + stime}, in clock ticks of 10 ms).
   */
  public long cpuNanos() {
    return process.info().totalCpuDuration().map(Duration::toNanos).orElse(-1L);
  }

  /** The service JVM's resident set size now, in KiB ({@code VmRSS}); -1 if it cannot be read. */
  public long rssKib() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/" + process.pid() + "/status"))) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", ""));
        }
      }
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
    return -1;
  }

  private void awaitReady() throws InterruptedException, IOException {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    Instant giveUp = Instant.now().plus(START_TIMEOUT);
    while (Instant.now().isBefore(giveUp)) {
      if (!process.isAlive()) {
        throw new IllegalStateException("the service exited while starting:\n" + tail());
      }
      try {
        HttpResponse<String> ready =
            http.send(
                HttpRequest.newBuilder(base.resolve("/q/health/ready"))
                    .timeout(Duration.ofSeconds(5))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        if (ready.statusCode() == 200) {
          return;
        }
      } catch (IOException notYet) {
        // not listening yet
      }
      Thread.sleep(500);
    }
    close();
    throw new IllegalStateException(
        "the service was not ready within " + START_TIMEOUT + ":\n" + tail());
  }

  private String tail() throws IOException {
    List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
