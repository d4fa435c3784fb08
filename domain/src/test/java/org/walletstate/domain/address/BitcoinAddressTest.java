package org.walletstate.domain.address;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.chain.ChainFamily;

class BitcoinAddressTest {

  @ParameterizedTest
  @CsvSource({
    // the reference's vectors
    "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2, P2PKH, 76a91477bff20c60e522dfaa3350c39b030a5d004e839a88ac",
    "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy, P2SH, a914b472a266d0bd89c13706a4132ccfb16f7c3b9fcb87",
    "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq, P2WPKH, 0014e8df018c7e326cc253faac7e46cdc51e68542c42",
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0, P2TR,"
        + " 512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
    // the genesis block's address, and a hash of zeros
    "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa, P2PKH, 76a91462e907b15cbf27d5425399ebf6f0fb50ebb88f1888ac",
    "1111111111111111111114oLvT2, P2PKH, 76a914000000000000000000000000000000000000000088ac",
    // BIP-173's P2WSH example; BIP-350's program of leading zeros, under bc
    "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3, P2WSH,"
        + " 00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262",
    "bc1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvses5wp4dt, P2WSH,"
        + " 0020000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433",
    "bc1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvses7epu4h, P2TR,"
        + " 5120000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433"
  })
  void parse_acceptsEachKindAndRoundTrips(String text, BitcoinAddress.Kind kind, String script) {
    BitcoinAddress address = BitcoinAddress.parse(text, "bitcoinWallet");
    assertThat(address.kind()).isEqualTo(kind);
    assertThat(address.text()).isEqualTo(text);
    assertThat(address.toString()).isEqualTo(text);
    assertThat(HexFormat.of().formatHex(address.scriptPubKey())).isEqualTo(script);
    assertThat(address.family()).isEqualTo(ChainFamily.BITCOIN);
  }

  @Test
  void parse_acceptsUpperCaseSegwitAndWritesItLowerCase() {
    // BIP-350's first valid vector
    BitcoinAddress address =
        BitcoinAddress.parse("BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", "bitcoinWallet");
    assertThat(address.kind()).isEqualTo(BitcoinAddress.Kind.P2WPKH);
    assertThat(address.text()).isEqualTo("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4");
    assertThat(HexFormat.of().formatHex(address.scriptPubKey()))
        .isEqualTo("0014751e76e8199196d454941c45d1b3a323f1433bd6");
    assertThat(address)
        .isEqualTo(BitcoinAddress.of("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"))
        .hasSameHashCodeAs(BitcoinAddress.of("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"));
  }

  @Test
  void parse_acceptsUpperCaseTaproot() {
    String upper =
        "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0".toUpperCase(Locale.ROOT);
    assertThat(BitcoinAddress.parse(upper, "bitcoinWallet").kind())
        .isEqualTo(BitcoinAddress.Kind.P2TR);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3",
        "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLz",
        "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr",
        "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj2"
      })
  void parse_refusesAChangedLastCharacter(String text) {
    assertThatThrownBy(() -> BitcoinAddress.parse(text, "bitcoinWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageEndingWith("checksum does not match");
  }

  @Test
  void parse_refusesMixedCaseBech32() {
    assertThatThrownBy(
            () ->
                BitcoinAddress.parse("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mDq", "bitcoinWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageEndingWith("mixes upper and lower case");
  }

  @Test
  void parse_refusesVersionZeroUnderABech32mChecksum() {
    // BIP-350: a P2WPKH program with a Bech32m checksum
    assertThatThrownBy(
            () ->
                BitcoinAddress.parse("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", "bitcoinWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageEndingWith("witness version 0 needs a bech32 (BIP-173) checksum");
    assertThatThrownBy(
            () ->
                BitcoinAddress.parse(
                    "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qdyehfn",
                    "bitcoinWallet"))
        .hasMessageEndingWith("witness version 0 needs a bech32 (BIP-173) checksum");
  }

  @Test
  void parse_refusesVersionOneUnderABech32Checksum() {
    // BIP-350: a taproot program with a Bech32 checksum
    assertThatThrownBy(
            () ->
                BitcoinAddress.parse(
                    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd",
                    "bitcoinWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageEndingWith("witness version 1 needs a bech32m (BIP-350) checksum");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7",
        "tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c",
        "TB1QRP33G0Q5C5TXSP9ARYSRX4K6ZDKFS4NCE4XJ0GDCCCEFVPYSXF3Q0SL5K7",
        "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080",
        "mpXwg4jMtRhuSpVq4xS3HFHmCmWp9NyGKt",
        "2N2GDNJ4rEm6NxfMC9ck8VuRdheQzXWaNZv"
      })
  void parse_refusesTestnetAddressesByName(String text) {
    assertThatThrownBy(() -> BitcoinAddress.parse(text, "bitcoinWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageEndingWith("testnet addresses are not read");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        // BIP-350's valid addresses of no standard kind: v1 with 40 bytes, v16, v2
        "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y",
        "BC1SW50QGDZ25J",
        "bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs",
        // v1 with a 20-byte program
        "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kj9wkru"
      })
  void parse_refusesSegwitOutputsOfNoStandardKind(String text) {
    assertThatThrownBy(() -> BitcoinAddress.parse(text, "bitcoinWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith("bitcoinWallet must be a Bitcoin mainnet address");
  }

  @Test
  void parse_namesANonStandardWitnessProgram() {
    assertThatThrownBy(
            () -> BitcoinAddress.parse("bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs", "bitcoinWallet"))
        .hasMessageEndingWith("witness version 2 with a 16-byte program is not a standard output");
  }

  // BIP-173's and BIP-350's invalid addresses
  @ParameterizedTest
  @ValueSource(
      strings = {
        "tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty",
        "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5",
        "BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2",
        "bc1rw5uspcuh",
        "bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90",
        "BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P",
        "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7",
        "bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du",
        "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv",
        "bc1gmk9yu",
        "tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut",
        "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd",
        "tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf",
        "BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL",
        "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh",
        "tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47",
        "bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4",
        "BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R",
        "bc1pw5dgrnzv",
        "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav",
        "tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq",
        "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf",
        "tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j"
      })
  void parse_refusesBipInvalidAddresses(String text) {
    assertThatThrownBy(() -> BitcoinAddress.parse(text, "bitcoinWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageStartingWith("bitcoinWallet must be a Bitcoin mainnet address");
  }

  @Test
  void parse_namesTheReasonsForMalformedSegwit() {
    assertThatThrownBy(
            () ->
                BitcoinAddress.parse("BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2", "bitcoinWallet"))
        .hasMessageEndingWith("witness version above 16");
    assertThatThrownBy(() -> BitcoinAddress.parse("bc1pw5dgrnzv", "bitcoinWallet"))
        .hasMessageEndingWith("a witness program of 1 bytes");
    assertThatThrownBy(
            () -> BitcoinAddress.parse("BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", "bitcoinWallet"))
        .hasMessageEndingWith("a version 0 program has 20 or 32 bytes");
    assertThatThrownBy(
            () -> BitcoinAddress.parse("bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du", "bitcoinWallet"))
        .hasMessageEndingWith("its witness program has more padding than a group of bits");
    assertThatThrownBy(() -> BitcoinAddress.parse("bc1gmk9yu", "bitcoinWallet"))
        .hasMessageEndingWith("it has no witness version");
  }

  @Test
  void parse_refusesOtherBase58Versions() {
    // a 20-byte hash under Litecoin's version 0x30
    assertThatThrownBy(
            () -> BitcoinAddress.parse("LUEweDxDA4WhvWiNXXSxjM9CYzHPJv4QQF", "bitcoinWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageEndingWith("its version byte is not a mainnet address's");
    // version 0x00 over 21 bytes
    assertThatThrownBy(
            () -> BitcoinAddress.parse("1goNG9qzSRi5Fr4MWz8gjDCarHFQ5Jbriy9", "bitcoinWallet"))
        .hasMessageEndingWith("it does not encode a 20-byte hash");
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "O", "I", "l"})
  void parse_refusesCharactersOutsideTheBase58Alphabet(String bad) {
    assertThatThrownBy(
            () -> BitcoinAddress.parse("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN" + bad, "bitcoinWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("is not in the base58 alphabet");
  }

  @Test
  void parse_refusesNullEmptyAndTooLong() {
    assertThatThrownBy(() -> BitcoinAddress.parse(null, "bitcoinWallet"))
        .hasMessage(
            "bitcoinWallet must be a Bitcoin mainnet address (P2PKH, P2SH, bech32 segwit v0 or"
                + " Taproot), got nothing");
    assertThatThrownBy(() -> BitcoinAddress.parse("", "bitcoinWallet"))
        .hasMessageEndingWith("got an empty string");
    assertThatThrownBy(() -> BitcoinAddress.parse("1".repeat(300), "bitcoinWallet"))
        .hasMessageEndingWith("got 300 characters");
  }

  @Test
  void parse_refusesAPrivateKeyWithoutShowingIt() {
    String wifShaped = "K" + "x".repeat(51);
    assertThatThrownBy(() -> BitcoinAddress.parse(wifShaped, "bitcoinWallet"))
        .isInstanceOf(ValidationException.class)
        .hasMessageEndingWith("the value looks like a private key and is not shown")
        .message()
        .doesNotContain("xxxx");
  }

  @Test
  void differentKindsOfTheSameHashAreDifferentAddresses() {
    BitcoinAddress p2pkh = BitcoinAddress.of("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa");
    byte[] hash = HexFormat.of().parseHex("0562e907b15cbf27d5425399ebf6f0fb50ebb88f18");
    BitcoinAddress p2sh = BitcoinAddress.of(Base58.BITCOIN.encodeChecked(hash));
    assertThat(p2sh.kind()).isEqualTo(BitcoinAddress.Kind.P2SH);
    assertThat(p2sh).isNotEqualTo(p2pkh);
  }
}
