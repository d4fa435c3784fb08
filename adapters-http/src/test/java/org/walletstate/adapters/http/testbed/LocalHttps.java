package org.walletstate.adapters.http.testbed;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * An HTTPS server on 127.0.0.1 (a free port) answering by Host and path from pages a test sets,
 * with a certificate for the test's host names made by {@code keytool}; {@link #trustStore()} is a
 * PKCS#12 store trusting exactly that certificate.
 */
public final class LocalHttps implements AutoCloseable {

  public static final String PASSWORD = "changeit";

  /** The loopback address the test hosts resolve to; the server also listens on 127.0.0.1. */
  public static final String SERVED = "127.0.0.2";

  /** One answer. */
  public record Page(int status, Map<String, String> headers, byte[] body) {
    public static Page ok(String body) {
      return new Page(
          200, Map.of("Content-Type", "text/html"), body.getBytes(StandardCharsets.UTF_8));
    }

    public static Page redirect(String location) {
      return new Page(302, Map.of("Location", location), new byte[0]);
    }
  }

  private final HttpsServer server;
  private final HttpsServer alsoOnLoopback;
  private final Path trustStore;
  private final Map<String, Page> pages = new ConcurrentHashMap<>();

  public LocalHttps(Path dir, List<String> hosts) {
    try {
      Files.createDirectories(dir);
      Path keyStore = dir.resolve("server.p12");
      Path cert = dir.resolve("server.crt");
      trustStore = dir.resolve("trust.p12");
      Files.deleteIfExists(keyStore);
      Files.deleteIfExists(cert);
      Files.deleteIfExists(trustStore);
      String san = String.join(",", hosts.stream().map(h -> "dns:" + h).toList());
      keytool(
          "-genkeypair",
          "-alias",
          "server",
          "-keyalg",
          "EC",
          "-groupname",
          "secp256r1",
          "-dname",
          "CN=" + hosts.get(0),
          "-ext",
          "SAN=" + san,
          "-validity",
          "3",
          "-storetype",
          "PKCS12",
          "-keystore",
          keyStore.toString(),
          "-storepass",
          PASSWORD);
      keytool(
          "-exportcert",
          "-alias",
          "server",
          "-keystore",
          keyStore.toString(),
          "-storepass",
          PASSWORD,
          "-rfc",
          "-file",
          cert.toString());
      keytool(
          "-importcert",
          "-noprompt",
          "-alias",
          "server",
          "-file",
          cert.toString(),
          "-storetype",
          "PKCS12",
          "-keystore",
          trustStore.toString(),
          "-storepass",
          PASSWORD);
      KeyStore ks = KeyStore.getInstance("PKCS12");
      try (InputStream in = Files.newInputStream(keyStore)) {
        ks.load(in, PASSWORD.toCharArray());
      }
      KeyManagerFactory kmf =
          KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      kmf.init(ks, PASSWORD.toCharArray());
      SSLContext tls = SSLContext.getInstance("TLS");
      tls.init(kmf.getKeyManagers(), null, null);
      HttpsServer[] pair = samePortPair();
      server = pair[0];
      alsoOnLoopback = pair[1];
      for (HttpsServer s : List.of(server, alsoOnLoopback)) {
        s.setHttpsConfigurator(new HttpsConfigurator(tls));
        s.setExecutor(Executors.newFixedThreadPool(2));
        s.createContext("/", this::handle);
        s.start();
      }
    } catch (IOException | java.security.GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * A server on {@link #SERVED} at a free port and one on the loopback address at the same port:
   * the port free on one address may be taken on the other, so a taken one is given back and
   * another drawn.
   */
  private static HttpsServer[] samePortPair() throws IOException {
    java.net.BindException last = null;
    for (int attempt = 0; attempt < 20; attempt++) {
      HttpsServer served =
          HttpsServer.create(new InetSocketAddress(InetAddress.getByName(SERVED), 0), 16);
      try {
        HttpsServer loopback =
            HttpsServer.create(
                new InetSocketAddress(
                    InetAddress.getLoopbackAddress(), served.getAddress().getPort()),
                16);
        return new HttpsServer[] {served, loopback};
      } catch (java.net.BindException taken) {
        // a server that never started keeps its port until it has been started and stopped
        served.start();
        served.stop(0);
        last = taken;
      }
    }
    throw last;
  }

  private void handle(com.sun.net.httpserver.HttpExchange exchange) throws IOException {
    String host = exchange.getRequestHeaders().getFirst("Host");
    host = host == null ? "" : host.replaceFirst(":\\d+$", "").toLowerCase(Locale.ROOT);
    Page page = pages.get(host + exchange.getRequestURI().getPath());
    if (page == null) {
      page = new Page(404, Map.of(), "not found".getBytes(StandardCharsets.UTF_8));
    }
    page.headers().forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
    exchange.sendResponseHeaders(page.status(), page.body().length == 0 ? -1 : page.body().length);
    exchange.getResponseBody().write(page.body());
    exchange.close();
  }

  private static void keytool(String... args) throws IOException {
    String exe = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
    String[] command = new String[args.length + 1];
    command[0] = exe;
    System.arraycopy(args, 0, command, 1, args.length);
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    try {
      String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new IOException("keytool failed: " + output);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }

  public int port() {
    return server.getAddress().getPort();
  }

  public Path trustStore() {
    return trustStore;
  }

  /** {@code https://host/path} answers {@code page}. */
  public void page(String host, String path, Page page) {
    pages.put(host.toLowerCase(Locale.ROOT) + path, page);
  }

  public void remove(String host, String path) {
    pages.remove(host.toLowerCase(Locale.ROOT) + path);
  }

  @Override
  public void close() {
    server.stop(0);
    alsoOnLoopback.stop(0);
  }
}
