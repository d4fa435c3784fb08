package org.walletstate.adapters.chain.stellar;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.chain.ChainReaderContract;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.devnet.replay.HorizonReplay;
import org.walletstate.domain.address.StellarAddress;
import org.walletstate.domain.address.StellarAssetCode;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;
import org.walletstate.domain.stellar.StellarRead;
import org.walletstate.domain.stellar.StellarTrustLine;

/**
 * The Stellar reader against a replay of Horizon's documented answers, pinned to the ledger Horizon
 * had ingested. What it shares with every family's reader is {@link ChainReaderContract}'s; the
 * authorization of a trustline, which only Stellar has, is pinned here.
 */
class StellarChainStateTest extends ChainReaderContract {

  private static final String WALLET = "GDI73WJ4SX7LOG3XZDJC3KCK6ED6E5NBYK2JUBQSPBCNNWEG3ZN7T75U";
  private static final String EURT_ISSUER =
      "GAP5LETOV6YIE62YAM56STDANPRDO7ZFDBGSNHJQIYGGKSMOZAHOOS2S";
  private static final String USDC_ISSUER =
      "GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN";

  private static final HorizonReplay HORIZON = HorizonReplay.start();
  private static final ChainId STELLAR = catalogued("stellar");

  private final StellarChainState reader =
      new StellarChainState(replayConfig(STELLAR, HORIZON.url()), clock(), () -> 0.5);

  @BeforeEach
  void documentedAccount() {
    HORIZON.reset();
    HORIZON.account(WALLET, "80.8944518");
    HORIZON.trustline(WALLET, "EURT", EURT_ISSUER, "150.2500000", true);
    HORIZON.trustline(WALLET, "USDC", USDC_ISSUER, "1000.0000000", false);
  }

  @AfterAll
  static void stop() {
    HORIZON.close();
  }

  private static StellarRead.TrustLine line(String holder, String code, String issuer) {
    return new StellarRead.TrustLine(
        StellarAddress.of(holder), StellarAddress.of(issuer), StellarAssetCode.of(code));
  }

  @Override
  protected ChainId chain() {
    return STELLAR;
  }

  @Override
  protected ChainState reader() {
    return reader;
  }

  @Override
  protected void assertAnchoredAtTheNode(Anchor anchor) {
    assertThat(anchor)
        .isEqualTo(new Anchor.StellarLedger(HORIZON.ledgerIndex(), HORIZON.ledgerHash()));
  }

  @Override
  protected Expected<BigInteger> nativeBalance() {
    return new Expected<>(
        new StellarRead.LumenStroops(StellarAddress.of(WALLET)), BigInteger.valueOf(808944518));
  }

  /** A classic asset: the authorised trustline, in stroops. */
  @Override
  protected Optional<Expected<?>> tokenBalance() {
    return Optional.of(
        new Expected<>(
            line(WALLET, "EURT", EURT_ISSUER),
            new StellarTrustLine(BigInteger.valueOf(1502500000), true)));
  }

  /** Every Stellar amount has 7 decimals: nothing to read. */
  @Override
  protected Optional<Expected<?>> decimals() {
    return Optional.empty();
  }

  @Override
  protected List<Expected<?>> unknownAccount() {
    return List.of(
        new Expected<>(
            new StellarRead.LumenStroops(StellarAddress.of(USDC_ISSUER)), BigInteger.ZERO),
        new Expected<>(line(USDC_ISSUER, "EURT", EURT_ISSUER), StellarTrustLine.NONE));
  }

  @Override
  protected ChainState brokenNode(Fault fault) {
    HORIZON.fail("accounts", reply(fault)).fail("ledgers", reply(fault));
    return reader;
  }

  @Test
  void aTrustlineTheIssuerHasNotAuthorised_isReadWithItsFlag() {
    StellarRead.TrustLine usdc = line(WALLET, "USDC", USDC_ISSUER);

    ChainObservation observation =
        reader.observe(STELLAR, ChainQuery.of(Set.of(usdc))).await().atMost(AWAIT);

    assertThat(observation).isInstanceOf(ChainObservation.Observed.class);
    assertThat(((ChainObservation.Observed) observation).readings().reading(usdc))
        .isEqualTo(
            new Reading.Value<>(new StellarTrustLine(BigInteger.valueOf(10_000_000_000L), false)));
  }
}
