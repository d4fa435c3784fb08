package org.walletstate.domain.address;

/**
 * CRC-16/XMODEM: polynomial 0x1021, initial value 0, no reflection, no final XOR. Stellar's StrKey
 * appends it, low byte first, to the version byte and key it protects.
 */
public final class Crc16Xmodem {

  private Crc16Xmodem() {}

  /** The checksum of {@code length} bytes from {@code offset}, in the low 16 bits. */
  public static int of(byte[] data, int offset, int length) {
    int crc = 0;
    for (int i = offset; i < offset + length; i++) {
      crc ^= (data[i] & 0xff) << 8;
      for (int bit = 0; bit < 8; bit++) {
        crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
      }
      crc &= 0xffff;
    }
    return crc;
  }

  public static int of(byte[] data) {
    return of(data, 0, data.length);
  }
}
