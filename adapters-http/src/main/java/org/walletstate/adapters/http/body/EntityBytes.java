package org.walletstate.adapters.http.body;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;

/**
 * The bytes a response entity is written as: raw bytes as they are, text as UTF-8, anything else as
 * the JSON the REST layer writes. The response filters that keep or tag an answer by its bytes (the
 * idempotency store, the ETags) read them here, so both see what the client receives.
 */
public final class EntityBytes {

  private EntityBytes() {}

  /** The bytes of {@code entity}; none for no entity. */
  public static byte[] of(Object entity, ObjectMapper json) {
    if (entity == null) {
      return new byte[0];
    }
    if (entity instanceof byte[] raw) {
      return raw;
    }
    if (entity instanceof String text) {
      return text.getBytes(StandardCharsets.UTF_8);
    }
    try {
      return json.writeValueAsBytes(entity);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("an answer that cannot be written as JSON", e);
    }
  }
}
