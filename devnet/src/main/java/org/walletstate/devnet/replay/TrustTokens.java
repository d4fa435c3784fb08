package org.walletstate.devnet.replay;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The trust check list's tokens on the non-EVM families (the domain's TSV), for the local nodes.
 */
public final class TrustTokens {

  private static final Set<String> FAMILIES = Set.of("solana", "xrpl", "stellar", "sui", "tron");

  /**
   * One {@code token_balance} row: its family, its contract (mint, issuer, coin type, TRC-20), and
   * the code the row names (XRPL currency or Stellar asset code; empty elsewhere).
   */
  public record Token(String family, String address, String code) {}

  private TrustTokens() {}

  /** The non-native {@code token_balance} rows of the five token-carrying families, in order. */
  public static List<Token> read(Path checkList) {
    try {
      return Files.readAllLines(checkList).stream()
          .filter(line -> !line.startsWith("#") && !line.startsWith("dimension\t"))
          .map(line -> line.split("\t", -1))
          .filter(c -> c.length > 6 && FAMILIES.contains(c[2]) && c[3].equals("token_balance"))
          .filter(c -> !c[4].equals("native"))
          .map(c -> new Token(c[2], c[4], c[5].isEmpty() ? c[6] : c[5]))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
