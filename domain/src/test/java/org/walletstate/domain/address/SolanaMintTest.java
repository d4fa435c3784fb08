package org.walletstate.domain.address;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.walletstate.domain.ValidationException;

class SolanaMintTest {

  @Test
  void parse_acceptsAMintAndRoundTrips() {
    SolanaMint mint = SolanaMint.parse("2cHr7QS3xfuSV8wdxo3ztuF4xbiarF6Nrgx3qpx3HzXR", "contract");
    assertThat(mint.text()).isEqualTo("2cHr7QS3xfuSV8wdxo3ztuF4xbiarF6Nrgx3qpx3HzXR");
    assertThat(mint.toString()).isEqualTo(mint.text());
    assertThat(mint.bytes()).hasSize(32);
    assertThat(mint.address())
        .isEqualTo(SolanaAddress.of("2cHr7QS3xfuSV8wdxo3ztuF4xbiarF6Nrgx3qpx3HzXR"));
  }

  @Test
  void parse_acceptsWrappedSolsMint() {
    assertThat(SolanaMint.of("So11111111111111111111111111111111111111112").bytes()[0])
        .isEqualTo((byte) 6);
  }

  @Test
  void parse_refusesTheLengthsTheInterfaceRefuses() {
    assertThatThrownBy(() -> SolanaMint.parse("2cHr7QS3xfuSV8wdxo3ztuF4xbiarF6", "contractAddress"))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith("contractAddress must be a Solana mint address");
    assertThatThrownBy(() -> SolanaMint.parse("2".repeat(45), "contractAddress"))
        .hasMessageEndingWith("got 45 characters");
  }

  @Test
  void parse_refusesTextOfAnAllowedLengthThatIsNot32Bytes() {
    assertThatThrownBy(() -> SolanaMint.parse("z".repeat(44), "contractAddress"))
        .isInstanceOf(ValidationException.class)
        .hasMessageEndingWith("it decodes to 33 bytes");
  }

  @Test
  void parse_refusesCharactersOutsideTheAlphabet() {
    assertThatThrownBy(
            () ->
                SolanaMint.parse("0cHr7QS3xfuSV8wdxo3ztuF4xbiarF6Nrgx3qpx3HzXR", "contractAddress"))
        .hasMessageEndingWith("character '0' at position 1 is not in the base58 alphabet");
  }

  @Test
  void equalMintsHaveEqualHashCodes() {
    SolanaMint a = SolanaMint.of("2cHr7QS3xfuSV8wdxo3ztuF4xbiarF6Nrgx3qpx3HzXR");
    SolanaMint b = SolanaMint.of("2cHr7QS3xfuSV8wdxo3ztuF4xbiarF6Nrgx3qpx3HzXR");
    assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
  }
}
