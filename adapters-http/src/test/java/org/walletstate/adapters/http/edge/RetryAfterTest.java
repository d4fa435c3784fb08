package org.walletstate.adapters.http.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.MultiMap;
import org.junit.jupiter.api.Test;

/** The edge's default {@code Retry-After}: only on a 429 or 503 that carries none. */
class RetryAfterTest {

  @Test
  void a503OrA429WithoutOne_getsTheDefault_andAnyOtherAnswerIsLeftAlone() {
    MultiMap unavailable = MultiMap.caseInsensitiveMultiMap();
    RetryAfter.apply(503, unavailable);
    MultiMap limited = MultiMap.caseInsensitiveMultiMap();
    RetryAfter.apply(429, limited);
    MultiMap known = MultiMap.caseInsensitiveMultiMap().set("Retry-After", "17");
    RetryAfter.apply(503, known);
    MultiMap fine = MultiMap.caseInsensitiveMultiMap();
    RetryAfter.apply(200, fine);
    MultiMap failed = MultiMap.caseInsensitiveMultiMap();
    RetryAfter.apply(500, failed);

    assertThat(unavailable.get("Retry-After")).isEqualTo("3");
    assertThat(limited.get("Retry-After")).isEqualTo("60");
    assertThat(known.get("Retry-After")).isEqualTo("17");
    assertThat(fine.contains("Retry-After")).isFalse();
    assertThat(failed.contains("Retry-After")).isFalse();
  }
}
