package org.walletstate.adapters.http.corpus;

import java.math.BigInteger;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.devnet.replay.BitcoinReplay;
import org.walletstate.devnet.replay.HorizonReplay;
import org.walletstate.devnet.replay.SolanaReplay;
import org.walletstate.devnet.replay.SuiReplay;
import org.walletstate.devnet.replay.TronReplay;
import org.walletstate.devnet.replay.XrplReplay;

/**
 * The corpus's answers of the non-EVM chains, installed on the shared replay servers (replacing
 * whatever an earlier test installed), each at an anchor of the corpus's own (slot, ledger, block,
 * tip), so no reading cached for another test's anchor can answer a corpus request.
 */
final class ReplayCorpusState {

  private ReplayCorpusState() {}

  /** Installs every family's corpus answers. */
  static void install() {
    solana();
    xrpl();
    tron();
    stellar();
    sui();
    bitcoin();
  }

  /** Forgets the corpus's answers, so the next test class starts from empty replays. */
  static void uninstall() {
    DevnetTestResource.solana().reset();
    DevnetTestResource.xrpl().reset();
    DevnetTestResource.tron().reset();
    DevnetTestResource.stellar().reset();
    DevnetTestResource.sui().reset();
    DevnetTestResource.bitcoin().reset();
  }

  private static void solana() {
    DevnetTestResource.solana().reset();
    new SolanaReplay()
        .clear()
        .slot(290_171_717L)
        .wallet(CorpusWallets.SOLANA_HOLDER, 3_250_000_000L)
        .mint(CorpusWallets.SOLANA_MINT, 6, SolanaReplay.TOKEN)
        .tokenAccount(
            CorpusWallets.SOLANA_ACCOUNT,
            CorpusWallets.SOLANA_HOLDER,
            CorpusWallets.SOLANA_MINT,
            "987654321000",
            6,
            SolanaReplay.TOKEN)
        .mint(CorpusWallets.SOLANA_NFT_MINT, 0, SolanaReplay.TOKEN_2022)
        .tokenAccount(
            CorpusWallets.SOLANA_NFT_ACCOUNT,
            CorpusWallets.SOLANA_HOLDER,
            CorpusWallets.SOLANA_NFT_MINT,
            "1",
            0,
            SolanaReplay.TOKEN_2022)
        .serveOn(DevnetTestResource.solana());
  }

  private static void xrpl() {
    DevnetTestResource.xrpl().reset();
    new XrplReplay()
        .clear()
        .ledger(91_717_171L, "C0DE" + "0".repeat(56) + "0017")
        .account(CorpusWallets.XRPL_HOLDER, "42000000", 0)
        .account(CorpusWallets.XRPL_ISSUER, "1000000000", 0)
        .account(CorpusWallets.XRPL_FROZEN_ISSUER, "1000000000", 0x00400000)
        .account(CorpusWallets.XRPL_NFT_ISSUER, "1000000000", 0)
        .line(
            CorpusWallets.XRPL_HOLDER,
            CorpusWallets.XRPL_ISSUER,
            "USD",
            "321.5",
            false,
            false,
            false)
        .line(CorpusWallets.XRPL_HOLDER, CorpusWallets.XRPL_ISSUER, "EUR", "80", false, true, false)
        .line(
            CorpusWallets.XRPL_HOLDER,
            CorpusWallets.XRPL_FROZEN_ISSUER,
            "USD",
            "500",
            false,
            false,
            false)
        .nft(CorpusWallets.XRPL_HOLDER, CorpusWallets.XRPL_NFT_ISSUER, 17, 3)
        .serveOn(DevnetTestResource.xrpl());
  }

  private static void tron() {
    DevnetTestResource.tron().reset();
    long number = 66_171_717L;
    new TronReplay()
        .clear()
        .head(number, String.format("%016x", number) + "c0de".repeat(12))
        .account(CorpusWallets.TRON_HOLDER, 2_500_000_000L)
        .token(CorpusWallets.TRON_TOKEN, 6)
        .holds(
            CorpusWallets.TRON_TOKEN,
            CorpusWallets.TRON_HOLDER_HEX40,
            BigInteger.valueOf(5_125_000_000L))
        .serveOn(DevnetTestResource.tron());
  }

  private static void stellar() {
    HorizonReplay horizon = DevnetTestResource.stellar();
    horizon.reset();
    horizon.ledger(51_717_171L, "c0de".repeat(16));
    horizon.account(CorpusWallets.STELLAR_HOLDER, "120.5000000");
    horizon.trustline(
        CorpusWallets.STELLAR_HOLDER, "CRP", CorpusWallets.STELLAR_ISSUER, "75.2500000", true);
    horizon.trustline(
        CorpusWallets.STELLAR_HOLDER, "LOCKED", CorpusWallets.STELLAR_ISSUER, "9.0000000", false);
  }

  private static void sui() {
    DevnetTestResource.sui().reset();
    new SuiReplay()
        .clear()
        .balance(CorpusWallets.SUI_HOLDER, CorpusWallets.SUI_NATIVE, "4200000000")
        .balance(CorpusWallets.SUI_HOLDER, CorpusWallets.SUI_COIN, "1234500")
        .coin(CorpusWallets.SUI_COIN, 6)
        .serveOn(DevnetTestResource.sui());
  }

  private static void bitcoin() {
    DevnetTestResource.bitcoin().reset();
    new BitcoinReplay()
        .clear()
        .tip(917_171L, "0000000000000000000c0de" + "0".repeat(37) + "1717")
        .address(CorpusWallets.BITCOIN_HOLDER, 250_000, 50_000, 10_000, 0)
        .serveOn(DevnetTestResource.bitcoin());
  }
}
