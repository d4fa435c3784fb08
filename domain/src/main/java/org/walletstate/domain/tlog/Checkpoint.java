package org.walletstate.domain.tlog;

import java.time.Instant;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * A checkpoint's body in the C2SP {@code tlog-checkpoint} format: the origin line, the tree size in
 * decimal, the base64 root hash, then one extension line {@code time <unix seconds>} (when the
 * batch was integrated), each ending in a newline. Signing turns it into a signed note.
 */
public record Checkpoint(String origin, long size, byte[] root, Instant time) {

  private static final Pattern ORIGIN = Pattern.compile("[\\x21-\\x7e]{1,255}");

  public Checkpoint {
    if (origin == null || !ORIGIN.matcher(origin).matches()) {
      throw new IllegalArgumentException("the origin is printable ASCII without spaces");
    }
    if (size < 0 || root == null || root.length != 32 || time == null) {
      throw new IllegalArgumentException("a checkpoint has a size, a 32-byte root and a time");
    }
    root = root.clone();
  }

  @Override
  public byte[] root() {
    return root.clone();
  }

  public String body() {
    return origin
        + "\n"
        + size
        + "\n"
        + Base64.getEncoder().encodeToString(root)
        + "\ntime "
        + time.getEpochSecond()
        + "\n";
  }
}
