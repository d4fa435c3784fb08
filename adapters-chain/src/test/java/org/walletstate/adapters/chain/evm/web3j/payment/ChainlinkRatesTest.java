package org.walletstate.adapters.chain.evm.web3j.payment;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.UsdRates.Quote;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.payment.UsdRate;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.generated.Int256;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.abi.datatypes.generated.Uint8;
import org.web3j.abi.datatypes.generated.Uint80;

/** The aggregator's answers decoded, checked against web3j's ABI encoder. */
class ChainlinkRatesTest {

  static final ChainlinkRates.Feed FEED =
      new ChainlinkRates.Feed(
          "BTC/USD", ChainId.evm(1), EvmAddress.of("0xF4030086522a5bEEa4988F8cA5B36dbC97BeE88c"));

  @SuppressWarnings("rawtypes") // web3j's encoder takes raw types
  static Bytes round(long answer, long updatedAt) {
    List<Type> values =
        List.of(
            new Uint80(BigInteger.valueOf(7)),
            new Int256(BigInteger.valueOf(answer)),
            new Uint256(BigInteger.valueOf(Math.max(0, updatedAt - 5))),
            new Uint256(BigInteger.valueOf(updatedAt)),
            new Uint80(BigInteger.valueOf(7)));
    return Bytes.fromHex("0x" + FunctionEncoder.encodeConstructor(values));
  }

  @SuppressWarnings("rawtypes")
  static Bytes decimals(int places) {
    List<Type> values = List.of(new Uint8(places));
    return Bytes.fromHex("0x" + FunctionEncoder.encodeConstructor(values));
  }

  @Test
  void theSelectorsAreTheAggregatorsFunctions() {
    assertThat(FunctionEncoder.encode(new Function("decimals", List.of(), List.of())))
        .isEqualTo(ChainlinkRates.DECIMALS);
    assertThat(FunctionEncoder.encode(new Function("latestRoundData", List.of(), List.of())))
        .isEqualTo(ChainlinkRates.LATEST_ROUND_DATA);
  }

  @Test
  void aRoundIsARate_atThePinnedBlock() {
    Quote quote =
        ChainlinkRates.quote(
            FEED, decimals(8), round(6_543_210_000_000L, 1_764_050_000), 21_000_000);
    UsdRate rate = ((Quote.Read) quote).rate();
    assertThat(rate.usdPerCoin()).isEqualByComparingTo("65432.1");
    assertThat(rate.updatedAt()).isEqualTo(Instant.ofEpochSecond(1_764_050_000));
    assertThat(rate.block()).isEqualTo(21_000_000);
    assertThat(rate.pair()).isEqualTo("BTC/USD");
  }

  @Test
  void noPositivePrice_orARoundNotComplete_orAnotherShape_isNoRate() {
    assertThat(ChainlinkRates.quote(FEED, decimals(8), round(-1, 1_764_050_000), 1))
        .isInstanceOf(Quote.Failed.class);
    assertThat(ChainlinkRates.quote(FEED, decimals(8), round(0, 1_764_050_000), 1))
        .isInstanceOf(Quote.Failed.class);
    assertThat(ChainlinkRates.quote(FEED, decimals(8), round(6_543_210_000_000L, 0), 1))
        .isInstanceOf(Quote.Failed.class);
    assertThat(ChainlinkRates.quote(FEED, decimals(8), decimals(8), 1))
        .isInstanceOf(Quote.Failed.class);
    assertThat(ChainlinkRates.quote(FEED, decimals(77), round(1, 1), 1))
        .isInstanceOf(Quote.Failed.class);
  }
}
