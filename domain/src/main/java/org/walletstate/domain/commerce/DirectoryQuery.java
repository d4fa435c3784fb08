package org.walletstate.domain.commerce;

import java.util.Optional;

/**
 * {@code GET /v1/merchants}: published, unpaused stores, optionally only those accepting a token
 * symbol (case-insensitive) or only verified (or unverified) ones; {@code limit} 1 to 200 (default
 * 50), {@code offset} 0 to 100000. Stores are listed oldest first, then by id, so pages are stable.
 */
public record DirectoryQuery(
    Optional<String> token, Optional<Boolean> verified, int limit, int offset) {

  public static final int DEFAULT_LIMIT = 50;
  public static final int MAX_LIMIT = 200;
  public static final int MAX_OFFSET = 100_000;
}
