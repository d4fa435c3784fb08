package org.walletstate.domain.payment;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.Bytes32;

/** The validity a paid call needs of an EIP-3009 authorization when it arrives. */
class AuthorizationWindowTest {

  private static final Instant NOW = Instant.parse("2026-11-28T00:00:00Z");
  private static final Duration LEAST = Duration.ofSeconds(270);
  private static final Duration LONGEST = Duration.ofSeconds(330);

  private static TransferAuthorization validFor(long seconds) {
    return new TransferAuthorization(
        EvmAddress.of("0x1111111111111111111111111111111111111111"),
        EvmAddress.of("0x2222222222222222222222222222222222222222"),
        BigInteger.valueOf(10_000),
        BigInteger.valueOf(NOW.getEpochSecond() - 600),
        BigInteger.valueOf(NOW.getEpochSecond() + seconds),
        Bytes32.of(BigInteger.ONE),
        "0x" + "00".repeat(65));
  }

  @Test
  void anAuthorizationSignedForTheQuotesTimeout_fits_alsoAfterSecondsInTransit() {
    assertThat(AuthorizationCheck.window(validFor(300), NOW, LEAST, LONGEST)).isEmpty();
    assertThat(AuthorizationCheck.window(validFor(270), NOW, LEAST, LONGEST)).isEmpty();
    assertThat(AuthorizationCheck.window(validFor(330), NOW, LEAST, LONGEST)).isEmpty();
  }

  @Test
  void anAuthorizationThatWouldExpireDuringTheWork_isRefused() {
    assertThat(AuthorizationCheck.window(validFor(269), NOW, LEAST, LONGEST))
        .hasValueSatisfying(
            why ->
                assertThat(why)
                    .contains("in 269 s")
                    .contains("must stay valid for at least 270 s"));
    assertThat(AuthorizationCheck.window(validFor(5), NOW, LEAST, LONGEST)).isPresent();
    assertThat(AuthorizationCheck.window(validFor(-5), NOW, LEAST, LONGEST))
        .hasValueSatisfying(why -> assertThat(why).contains("in 0 s"));
  }

  @Test
  void anAuthorizationValidForLongerThanTheCap_isRefused() {
    assertThat(AuthorizationCheck.window(validFor(331), NOW, LEAST, LONGEST))
        .hasValueSatisfying(why -> assertThat(why).contains("longer than the 330 s"));
    assertThat(AuthorizationCheck.window(validFor(Long.MAX_VALUE / 2), NOW, LEAST, LONGEST))
        .isPresent();
  }
}
