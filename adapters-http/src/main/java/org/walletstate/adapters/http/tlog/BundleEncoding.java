package org.walletstate.adapters.http.tlog;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

/**
 * Entry bundles compressed with gzip for a client that accepts it, as C2SP {@code tlog-tiles} says
 * a log SHOULD serve them: the bundle's text compresses well, the tiles of hashes do not.
 */
final class BundleEncoding {

  private BundleEncoding() {}

  /**
   * Whether an {@code Accept-Encoding} header accepts gzip: a {@code gzip} (or {@code x-gzip})
   * coding whose {@code q} is not 0.
   */
  static boolean acceptsGzip(String header) {
    if (header == null) {
      return false;
    }
    for (String coding : header.split(",")) {
      String[] parts = coding.split(";");
      String name = parts[0].trim().toLowerCase(Locale.ROOT);
      if ((name.equals("gzip") || name.equals("x-gzip")) && !refused(parts)) {
        return true;
      }
    }
    return false;
  }

  private static boolean refused(String[] parameters) {
    for (int i = 1; i < parameters.length; i++) {
      String p = parameters[i].trim().toLowerCase(Locale.ROOT).replace(" ", "");
      if (p.startsWith("q=")) {
        return p.substring(2).matches("0(\\.0{0,3})?");
      }
    }
    return false;
  }

  static byte[] gzip(byte[] bytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 2 + 64);
    try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
      gzip.write(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException("gzip into memory cannot fail", e);
    }
    return out.toByteArray();
  }
}
