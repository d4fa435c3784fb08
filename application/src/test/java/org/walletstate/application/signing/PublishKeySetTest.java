package org.walletstate.application.signing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.PublishedKeys;

/** The key set is the signer's, read anew on every call: a key added to it is published at once. */
class PublishKeySetTest {

  @Test
  void theKeySetIsTheSignersCurrentOne() {
    List<String> kids = new ArrayList<>(List.of("service-attest-v2"));
    PublishedKeys keys = () -> "{\"keys\":" + kids + "}";
    PublishKeySet publish = new PublishKeySet(keys);

    String before = publish.jwksJson();
    kids.add("service-attest-v3");
    String after = publish.jwksJson();

    assertThat(before).isEqualTo("{\"keys\":[service-attest-v2]}");
    assertThat(after).isEqualTo("{\"keys\":[service-attest-v2, service-attest-v3]}");
  }

  @Test
  void aSetWithoutKeys_cannotBeBuilt() {
    assertThatThrownBy(() -> new PublishKeySet(null)).isInstanceOf(NullPointerException.class);
  }
}
