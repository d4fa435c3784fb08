package org.walletstate.domain.address;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class Crc16XmodemTest {

  @Test
  void of_givesTheCatalogueCheckValue() {
    // The CRC catalogue's check value for CRC-16/XMODEM over "123456789".
    assertThat(Crc16Xmodem.of("123456789".getBytes(StandardCharsets.US_ASCII))).isEqualTo(0x31c3);
  }

  @Test
  void of_isZeroForNoBytes() {
    assertThat(Crc16Xmodem.of(new byte[0])).isZero();
  }

  @Test
  void of_readsOnlyTheGivenRange() {
    byte[] padded = "xx123456789yy".getBytes(StandardCharsets.US_ASCII);
    assertThat(Crc16Xmodem.of(padded, 2, 9)).isEqualTo(0x31c3);
  }
}
