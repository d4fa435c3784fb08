package org.walletstate.domain.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The test vectors published with RIPEMD-160 (Dobbertin, Bosselaers, Preneel). */
class Ripemd160Test {

  @ParameterizedTest
  @CsvSource({
    "'', 9c1185a5c5e9fc54612808977ee8f548b2258d31",
    "a, 0bdc9d2d256b3ee9daae347be6f4dc835a467ffe",
    "abc, 8eb208f7e05d987a9b044a8e98c6b087f15a0bfc",
    "message digest, 5d0689ef49d2fae572b881b123a85ffa21595f36",
    "abcdefghijklmnopqrstuvwxyz, f71c27109c692c1b56bbdceb5b9d2865b3708dbc",
    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq,"
        + " 12a053384a9c0c88e405a06c27dcf49ada62eb2b",
    "12345678901234567890123456789012345678901234567890123456789012345678901234567890,"
        + " 9b752e45573d4b39f4dbd3323cab82bf63326bfb"
  })
  void publishedVectors(String input, String digest) {
    assertThat(HexFormat.of().formatHex(Ripemd160.hash(input.getBytes(StandardCharsets.US_ASCII))))
        .isEqualTo(digest);
  }

  @ParameterizedTest
  @CsvSource({"1000000, 52783243c1697bdbe16d37f97f68f08325dc1528"})
  void aMillionAs(int count, String digest) {
    byte[] input = "a".repeat(count).getBytes(StandardCharsets.US_ASCII);
    assertThat(HexFormat.of().formatHex(Ripemd160.hash(input))).isEqualTo(digest);
  }
}
