package org.walletstate.domain;

import java.util.Locale;
import java.util.Optional;

/**
 * An enum whose constants are sent and read as their names in lower case ({@code BALANCE_READ} is
 * {@code balance_read} on the wire). Renaming such a constant changes the wire format.
 */
public interface WireName {

  /** The constant's name ({@link Enum#name()}). */
  String name();

  /** The word on the wire: {@link #name()} in lower case. */
  default String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The constant of {@code type} written {@code word} on the wire, if there is one. */
  static <E extends Enum<E> & WireName> Optional<E> fromWireName(Class<E> type, String word) {
    for (E constant : type.getEnumConstants()) {
      if (constant.wireName().equals(word)) {
        return Optional.of(constant);
      }
    }
    return Optional.empty();
  }
}
