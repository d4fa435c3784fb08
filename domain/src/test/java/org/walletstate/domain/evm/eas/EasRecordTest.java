package org.walletstate.domain.evm.eas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.AbiDecodingException;
import org.walletstate.domain.evm.Bytes;

class EasRecordTest {

  /** getAttestation's return data for a Verified Account attestation, encoded by hand. */
  static final Bytes VERIFIED_ACCOUNT =
      Bytes.fromHex(
          "0x"
              + "0000000000000000000000000000000000000000000000000000000000000020" // tuple at
              + "5f5a6b2d1e0c9a8b7c6d5e4f30211203f4e5d6c7b8a99a8b7c6d5e4f30211203" // uid
              + "f8b05c79f090979bf4a80270aba232dff11a10d9ca55c4f88de95317970f0de9" // schema
              + "0000000000000000000000000000000000000000000000000000000065f1a2b3" // time
              + "0000000000000000000000000000000000000000000000000000000000000000" // expiration
              + "0000000000000000000000000000000000000000000000000000000000000000" // revocation
              + "0000000000000000000000000000000000000000000000000000000000000000" // refUID
              + "000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa96045" // recipient
              + "000000000000000000000000357458739f90461b99789350868cd7cf330dd7ee" // attester
              + "0000000000000000000000000000000000000000000000000000000000000001" // revocable
              + "0000000000000000000000000000000000000000000000000000000000000140" // data at
              + "0000000000000000000000000000000000000000000000000000000000000020" // data length
              + "0000000000000000000000000000000000000000000000000000000000000001"); // true

  @Test
  void decodesTheAttestationStruct() {
    EasRecord record = EasRecord.decode(VERIFIED_ACCOUNT);

    assertThat(record.uid().hex())
        .isEqualTo("0x5f5a6b2d1e0c9a8b7c6d5e4f30211203f4e5d6c7b8a99a8b7c6d5e4f30211203");
    assertThat(record.schema().hex())
        .isEqualTo("0xf8b05c79f090979bf4a80270aba232dff11a10d9ca55c4f88de95317970f0de9");
    assertThat(record.time()).isEqualTo(0x65f1a2b3L);
    assertThat(record.expirationTime()).isZero();
    assertThat(record.revocationTime()).isZero();
    assertThat(record.refUid().isZero()).isTrue();
    assertThat(record.recipient())
        .isEqualTo(EvmAddress.of("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"));
    assertThat(record.attester())
        .isEqualTo(EvmAddress.of("0x357458739F90461b99789350868CD7CF330Dd7EE"));
    assertThat(record.revocable()).isTrue();
    assertThat(record.data().toHex()).isEqualTo("0x" + "0".repeat(63) + "1");
  }

  @Test
  void refusesTruncatedReturnData() {
    Bytes truncated = VERIFIED_ACCOUNT.slice(0, 32 * 6);

    assertThatThrownBy(() -> EasRecord.decode(truncated)).isInstanceOf(AbiDecodingException.class);
  }

  @Test
  void refusesEmptyReturnData() {
    assertThatThrownBy(() -> EasRecord.decode(Bytes.EMPTY))
        .isInstanceOf(AbiDecodingException.class);
  }
}
