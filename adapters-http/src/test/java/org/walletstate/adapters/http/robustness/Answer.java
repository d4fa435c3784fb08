package org.walletstate.adapters.http.robustness;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What came back for one request: status, headers (names in lower case) and body. Status 0 means no
 * answer at all; {@code failure} then says why.
 */
record Answer(int status, Map<String, List<String>> headers, byte[] body, String failure) {

  static Answer none(String failure) {
    return new Answer(0, Map.of(), new byte[0], failure);
  }

  static Map<String, List<String>> lowerCase(Map<String, List<String>> headers) {
    Map<String, List<String>> lower = new TreeMap<>();
    headers.forEach(
        (name, values) ->
            lower
                .computeIfAbsent(name.toLowerCase(Locale.ROOT), n -> new java.util.ArrayList<>())
                .addAll(values));
    return lower;
  }

  String header(String name) {
    List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
    return values == null || values.isEmpty() ? null : values.get(0);
  }
}
