package org.walletstate.domain.evm.eas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.FunctionSignature;

class AttestationLookupTest {

  private static final EvmAddress CONTRACT =
      EvmAddress.of("0xc94aBf0292Ac04AAC18C251d9C8169a8dd2BBbDC");

  @Test
  void anIndexerIsAskedWithTheInterfacesRule() {
    AttestationLookup lookup = AttestationLookup.indexer(CONTRACT);

    assertThat(lookup.contract()).isEqualTo(CONTRACT);
    assertThat(lookup.function().canonical()).isEqualTo("getAttestationUid(address,bytes32)");
    assertThat(lookup.function().selector().toHex()).isEqualTo("0xab2717dd");
  }

  @Test
  void thePassportResolverIsAskedForTheUsersAttestation() {
    AttestationLookup lookup = AttestationLookup.passportResolver(CONTRACT);

    assertThat(lookup.contract()).isEqualTo(CONTRACT);
    assertThat(lookup.function().canonical()).isEqualTo("getUserAttestation(address,bytes32)");
    assertThat(lookup.function().selector().toHex()).isEqualTo("0x79300e56");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "getAttestationUid(address)",
        "getAttestationUid(bytes32,address)",
        "getReceivedAttestationUIDs(address,bytes32,uint256,uint256,bool)"
      })
  void refusesFunctionsThatDoNotTakeARecipientAndASchema(String signature) {
    assertThatThrownBy(() -> new AttestationLookup(CONTRACT, FunctionSignature.of(signature)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("(address recipient, bytes32 schema)");
  }
}
