package org.walletstate.devnet.replay;

import java.math.BigInteger;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The devnet's non-EVM chains: one local node per family, each a replay of that family's documented
 * answers (Solana JSON-RPC, XRP Ledger JSON-RPC, Bitcoin Esplora, Tron full-node HTTP API, Stellar
 * Horizon, Sui GraphQL), filled with a fixed scenario: each family's holder has a native balance
 * and a token balance, Solana and the XRP Ledger an NFT, and the XRP Ledger holder an unfrozen line
 * and a frozen one (its issuer froze every line, {@code lsfGlobalFreeze}). The trust profile's
 * tokens of these families ({@link TrustTokens}) exist, every other one held. The Solana node also
 * serves what an x402 client and facilitator call to pay and settle (mainnet USDC is a mint there).
 *
 * <p>{@code ./run.sh --devnet} runs it through {@link org.walletstate.devnet.LocalWorld}; the
 * service reads it through its ordinary {@code walletstate.chains.<family>.endpoints}.
 */
public final class LocalNodes implements AutoCloseable {

  public static final String SOLANA_HOLDER = "A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd";
  public static final String SOLANA_MINT = "2cHr7QS3xfuSV8wdxo3ztuF4xbiarF6Nrgx3qpx3HzXR";
  public static final String SOLANA_ATA = "BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA";
  public static final String SOLANA_NFT_MINT = "So11111111111111111111111111111111111111112";
  public static final String SOLANA_NFT_ACCOUNT = "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T";
  public static final String SOLANA_USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

  /** The service's Solana receiver (payments and x402): its USDC token account receives. */
  public static final String SOLANA_RECEIVER = "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T";

  public static final String XRPL_HOLDER = "r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59";
  public static final String XRPL_ISSUER = "rMwjYedjc7qqtKYVLiAccJSmCwih4LnE2q";
  public static final String XRPL_FROZEN_ISSUER = "rpgKWEmNqSDAGFhy5WDnsyPqfQxbWxKeVd";
  public static final String XRPL_NFT_ISSUER = "rGJUF4PvVkMNxG6Bg6AKg3avhrtQyAffcm";

  /** lsfGlobalFreeze: the issuer froze every trust line to it. */
  public static final long XRPL_GLOBAL_FREEZE = 0x00400000;

  public static final String TRON_HOLDER = "TZ4UXDV5ZhNW7fb2AMSbgfAEZ7hWsnYS2g";
  public static final String TRON_HOLDER_HEX = "fd49eda0f23ff7ec1d03b52c3a45991c24cd440e";
  public static final String TRON_USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

  /** The service's Tron receiver (USDT TRC-20). */
  public static final String TRON_RECEIVER = "TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV";

  public static final String STELLAR_HOLDER =
      "GDI73WJ4SX7LOG3XZDJC3KCK6ED6E5NBYK2JUBQSPBCNNWEG3ZN7T75U";
  public static final String STELLAR_ISSUER =
      "GAP5LETOV6YIE62YAM56STDANPRDO7ZFDBGSNHJQIYGGKSMOZAHOOS2S";

  public static final String SUI_HOLDER = "0x" + "a1".repeat(32);
  public static final String SUI_NATIVE = "0x" + "0".repeat(63) + "2::sui::SUI";
  public static final String SUI_USDC =
      "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC";

  public static final String BITCOIN_HOLDER = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

  /** The service's Bitcoin receiver (BIP-173's example P2WPKH address). */
  public static final String BITCOIN_RECEIVER = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";

  private final JsonRpcReplay solana = JsonRpcReplay.start();
  private final JsonRpcReplay xrpl = JsonRpcReplay.start();
  private final JsonRpcReplay bitcoin = JsonRpcReplay.start();
  private final JsonRpcReplay tron = JsonRpcReplay.start();
  private final HorizonReplay stellar = HorizonReplay.start();
  private final JsonRpcReplay sui = JsonRpcReplay.start();
  private final SolanaReplay sol = new SolanaReplay().slot(341197933);
  private final XrplReplay x = new XrplReplay();
  private final TronReplay t = new TronReplay();
  private final SuiReplay s = new SuiReplay();
  private final BitcoinReplay b = new BitcoinReplay();

  private LocalNodes() {}

  /** Starts the six nodes with the scenario; {@code trustTokens} adds the trust list's tokens. */
  public static LocalNodes start(List<TrustTokens.Token> trustTokens) {
    LocalNodes nodes = new LocalNodes();
    nodes.fill(trustTokens);
    return nodes;
  }

  private void fill(List<TrustTokens.Token> trustTokens) {
    scenario();
    int n = 0;
    for (TrustTokens.Token token : trustTokens) {
      boolean held = n++ % 2 == 0;
      if (!token.address().equals(TRON_USDT) && !token.address().equals(SUI_USDC)) {
        trustToken(token, held); // the scenario's own holdings stay as they are
      }
    }
    sol.serveOn(solana);
    sol.serveTransactionsOn(solana);
    x.serveOn(xrpl);
    t.serveOn(tron);
    s.serveOn(sui);
    b.serveOn(bitcoin);
  }

  private void scenario() {
    sol.wallet(SOLANA_HOLDER, 2_500_000_000L);
    sol.mint(SOLANA_MINT, 6, SolanaReplay.TOKEN);
    sol.tokenAccount(SOLANA_ATA, SOLANA_HOLDER, SOLANA_MINT, "2000500000", 6, SolanaReplay.TOKEN);
    sol.mint(SOLANA_NFT_MINT, 0, SolanaReplay.TOKEN_2022);
    sol.tokenAccount(
        SOLANA_NFT_ACCOUNT, SOLANA_HOLDER, SOLANA_NFT_MINT, "1", 0, SolanaReplay.TOKEN_2022);
    sol.mint(SOLANA_USDC, 6, SolanaReplay.TOKEN);
    x.account(XRPL_HOLDER, "25000000", 0);
    x.account(XRPL_ISSUER, "1000000000", 0);
    x.account(XRPL_FROZEN_ISSUER, "1000000000", XRPL_GLOBAL_FREEZE);
    x.account(XRPL_NFT_ISSUER, "1000000000", 0);
    x.line(XRPL_HOLDER, XRPL_ISSUER, "USD", "150.25", false, false, false);
    x.line(XRPL_HOLDER, XRPL_FROZEN_ISSUER, "EUR", "500", false, false, false);
    x.nft(XRPL_HOLDER, XRPL_NFT_ISSUER, 42, 4);
    t.account(TRON_HOLDER, 1_793_227_200L);
    t.account(TRON_RECEIVER, 0);
    t.token(TRON_USDT, 6);
    t.holds(TRON_USDT, TRON_HOLDER_HEX, BigInteger.valueOf(1_087_360_000L));
    stellar.account(STELLAR_HOLDER, "80.8944518");
    stellar.trustline(STELLAR_HOLDER, "EURT", STELLAR_ISSUER, "150.2500000", true);
    s.balance(SUI_HOLDER, SUI_NATIVE, "3000000000");
    s.balance(SUI_HOLDER, SUI_USDC, "250000000");
    s.coin(SUI_USDC, 6);
    b.address(BITCOIN_HOLDER, 150_000, 50_000, 0, 0);
    b.address(BITCOIN_RECEIVER, 0, 0, 0, 0);
  }

  /** One of the trust list's tokens: it exists on its family's node, and {@code held} is held. */
  private void trustToken(TrustTokens.Token token, boolean held) {
    switch (token.family()) {
      case "solana" -> {
        if (!token.address().equals(SOLANA_USDC)) {
          sol.mint(token.address(), 6, SolanaReplay.TOKEN);
        }
        if (held) {
          sol.tokenAccount(
              SolanaShapes.base58(sha256("walletstate-devnet/solana/" + token.address())),
              SOLANA_HOLDER,
              token.address(),
              "1000000",
              6,
              SolanaReplay.TOKEN);
        }
      }
      case "xrpl" -> {
        x.account(token.address(), "1000000000", 0);
        if (held) {
          x.line(XRPL_HOLDER, token.address(), token.code(), "1", false, false, false);
        }
      }
      case "stellar" -> {
        if (held) {
          stellar.trustline(STELLAR_HOLDER, token.code(), token.address(), "1.0000000", true);
        }
      }
      case "sui" -> {
        s.coin(token.address(), 6);
        if (held) {
          s.balance(SUI_HOLDER, token.address(), "1000000");
        }
      }
      case "tron" -> {
        t.token(token.address(), 6);
        if (held) {
          t.holds(token.address(), TRON_HOLDER_HEX, BigInteger.valueOf(1_000_000));
        }
      }
      default -> {
        // bitcoin has no tokens
      }
    }
  }

  /**
   * Each family's node URL by the name of its settings ({@code walletstate.chains.<name>.*}):
   * solana, xrpl, bitcoin, tron, stellar, sui.
   */
  public Map<String, URI> urls() {
    Map<String, URI> urls = new LinkedHashMap<>();
    urls.put("solana", solana.url());
    urls.put("xrpl", xrpl.url());
    urls.put("bitcoin", bitcoin.url());
    urls.put("tron", tron.url());
    urls.put("stellar", stellar.url());
    urls.put("sui", sui.url());
    return urls;
  }

  /** The Bitcoin node's chain: its tip, transactions, and payments made on it ({@code pay}). */
  public BitcoinReplay bitcoin() {
    return b;
  }

  @Override
  public void close() {
    solana.close();
    xrpl.close();
    bitcoin.close();
    tron.close();
    stellar.close();
    sui.close();
  }

  private static byte[] sha256(String text) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
