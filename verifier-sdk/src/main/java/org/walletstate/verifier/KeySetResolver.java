package org.walletstate.verifier;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/**
 * Where the key set named by a URL comes from. The envelope verifier and the command-line tool
 * resolve {@code jwks} URLs through one of these; in tests and offline checks, a fixed map of saved
 * key sets stands in for the network.
 */
@FunctionalInterface
public interface KeySetResolver {

  /** The key set at {@code location}, or an exception saying why it could not be had. */
  KeySet resolve(URI location) throws IOException;

  /** Saved key sets by URL; any other URL fails to resolve. */
  static KeySetResolver fixed(Map<URI, KeySet> keySets) {
    Map<URI, KeySet> copy = Map.copyOf(keySets);
    return location -> {
      KeySet keys = copy.get(location);
      if (keys == null) {
        throw new IOException("no saved key set for " + location);
      }
      return keys;
    };
  }

  /**
   * Fetches over HTTPS only (plain HTTP is refused), with the given timeout and a 1 MiB limit on
   * the document.
   */
  static KeySetResolver https(Duration timeout) {
    HttpClient client =
        HttpClient.newBuilder()
            .connectTimeout(timeout)
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();
    int limit = 1 << 20;
    return location -> {
      if (!"https".equalsIgnoreCase(location.getScheme())) {
        throw new IOException("key sets are fetched over https only: " + location);
      }
      HttpRequest request =
          HttpRequest.newBuilder(location)
              .timeout(timeout)
              .header("Accept", "application/json")
              .GET()
              .build();
      HttpResponse<InputStream> response;
      try {
        response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted fetching " + location, e);
      }
      try (InputStream body = response.body()) {
        if (response.statusCode() != 200) {
          throw new IOException("HTTP " + response.statusCode() + " from " + location);
        }
        byte[] bytes = body.readNBytes(limit + 1);
        if (bytes.length > limit) {
          throw new IOException("key set at " + location + " is larger than 1 MiB");
        }
        try {
          return KeySet.parse(new String(bytes, StandardCharsets.UTF_8), "key set at " + location);
        } catch (IllegalArgumentException e) {
          throw new IOException(e.getMessage(), e);
        }
      }
    };
  }
}
