package org.walletstate.domain.evm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BytesTest {

  @Test
  void equalContentsAreEqual_whicheverHashWasTakenFirst() {
    Bytes a = Bytes.fromHex("0x00ff10");
    Bytes b = Bytes.of((byte) 0x00, (byte) 0xff, (byte) 0x10);

    assertThat(a).isEqualTo(b); // neither hash taken yet
    int hash = a.hashCode();
    assertThat(a).isEqualTo(b); // one taken
    assertThat(b.hashCode()).isEqualTo(hash);
    assertThat(b).isEqualTo(a); // both taken
  }

  @Test
  void differentContentsDiffer_evenWithTheirHashesTaken() {
    Bytes a = Bytes.fromHex("0x0102");
    Bytes b = Bytes.fromHex("0x0103");
    Bytes longer = Bytes.fromHex("0x010200");

    assertThat(a).isNotEqualTo(b).isNotEqualTo(longer);
    a.hashCode();
    b.hashCode();
    longer.hashCode();
    assertThat(a).isNotEqualTo(b).isNotEqualTo(longer);
    assertThat(b).isNotEqualTo(a);
  }

  @Test
  void aHashOfZeroStillEquatesByContent() {
    // the empty array's content hash is 1; {0} hashes to 31: find contents hashing to 0
    // (Arrays.hashCode of {-31} is 31 * 1 + (-31) = 0)
    Bytes zeroHash = Bytes.of((byte) -31);
    assertThat(zeroHash.hashCode()).isZero();
    assertThat(zeroHash).isEqualTo(Bytes.fromHex("0xe1")).isNotEqualTo(Bytes.fromHex("0xe2"));
  }

  @Test
  void fromHexRefusesWhatIsNotWholeBytesOfHex() {
    assertThat(Bytes.fromHex("0x")).isEqualTo(Bytes.EMPTY);
    assertThat(Bytes.fromHex("0xAbCd")).isEqualTo(Bytes.fromHex("0xabcd"));
    for (String bad : new String[] {"0x0", "0xzz", "00ff", "0x0g", "0x 1"}) {
      assertThatThrownBy(() -> Bytes.fromHex(bad)).isInstanceOf(IllegalArgumentException.class);
    }
  }
}
