package org.walletstate.domain.observation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.payload.PayloadValue;

class ReadAssuranceTest {

  @Test
  void withoutNames_theSignedFormIsModeProvidersOf_only() {
    PayloadValue.Obj payload = new ReadAssurance(Assurance.QUORUM, 2, 3).toPayload();

    assertThat(payload.members().keySet()).containsExactly("mode", "providers", "of");
    assertThat(new ReadAssurance(Assurance.QUORUM, 2, 3, List.of()))
        .isEqualTo(new ReadAssurance(Assurance.QUORUM, 2, 3));
  }

  @Test
  void withNames_theyComeLast_sorted() {
    ReadAssurance assurance =
        new ReadAssurance(Assurance.QUORUM, 2, 3, List.of("infura", "alchemy"));

    assertThat(assurance.names()).containsExactly("alchemy", "infura");
    assertThat(assurance.toPayload().members().keySet())
        .containsExactly("mode", "providers", "of", "names");
    assertThat(assurance.toPayload().get("names"))
        .isEqualTo(
            new PayloadValue.Arr(
                List.of(PayloadValue.text("alchemy"), PayloadValue.text("infura"))));
  }

  @Test
  void namesAreEveryProviderReadOrNone_eachOnce() {
    assertThatThrownBy(() -> new ReadAssurance(Assurance.QUORUM, 2, 2, List.of("alchemy")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("1 names for 2");
    assertThatThrownBy(
            () -> new ReadAssurance(Assurance.QUORUM, 2, 2, List.of("alchemy", "alchemy")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("named twice");
  }
}
