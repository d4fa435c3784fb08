package org.walletstate.domain.tlog;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * One signed statement as the log holds it: the statement type's name ({@code attestation}, {@code
 * trust}, {@code discount}, {@code pass}), the kid it was signed under and the SHA-256 of the bytes
 * the P-256 signature is over. The leaf is the UTF-8 text {@code "<kind> <kid> <hex hash>"}, so
 * anyone holding the statement can rebuild it.
 *
 * @param id what the entry is looked up by: the statement's own {@code id} when it has one (an
 *     attestation's {@code att_…}, a trust profile's id), otherwise the hex hash
 */
public record LoggedStatement(String id, String kind, String kid, byte[] statementHash) {

  private static final Pattern WORD = Pattern.compile("[A-Za-z0-9_.:-]{1,128}");

  public LoggedStatement {
    if (kind == null
        || !WORD.matcher(kind).matches()
        || kid == null
        || !WORD.matcher(kid).matches()) {
      throw new IllegalArgumentException("kind and kid are words of at most 128 characters");
    }
    if (statementHash == null || statementHash.length != 32) {
      throw new IllegalArgumentException("the statement hash is 32 bytes");
    }
    statementHash = statementHash.clone();
    if (id == null || id.isBlank()) {
      id = HexFormat.of().formatHex(statementHash);
    }
  }

  /** The statement hash in lower-case hex. */
  public String hashHex() {
    return HexFormat.of().formatHex(statementHash);
  }

  @Override
  public byte[] statementHash() {
    return statementHash.clone();
  }

  /** The leaf's data. */
  public byte[] leafData() {
    return (kind + " " + kid + " " + hashHex()).getBytes(StandardCharsets.UTF_8);
  }

  /** RFC 9162 leaf hash of {@link #leafData()}. */
  public byte[] leafHash() {
    return TreeHashes.leafHash(leafData());
  }
}
