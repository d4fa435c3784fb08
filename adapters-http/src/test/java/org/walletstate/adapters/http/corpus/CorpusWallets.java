package org.walletstate.adapters.http.corpus;

import java.util.LinkedHashMap;
import java.util.Map;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;

/**
 * The corpus's own wallets and assets, used by no other test. Each is derived from a fixed seed:
 * EVM addresses are the last 20 bytes of {@code keccak256("walletstate-corpus/evm/<name>")}; the
 * other families' keys or account ids are {@code sha256("walletstate-corpus/<family>/<name>")} (its
 * first 20 bytes for XRPL, Tron and Bitcoin P2WPKH), written in the family's address form.
 */
final class CorpusWallets {

  static final String EVM_HOLDER = "0xa29fd9e1da0A172BE4D63601629f9e1099F05D6B";
  static final String EVM_EMPTY = "0x6CdCD87A56459b9C7f308aE6bA322a9F70aaa3fB";
  static final String EVM_TOKEN6 = "0x1633638d16b3DFEe50e3C1158128248Ec9D25808";
  static final String EVM_TOKEN18 = "0xabCD7973690624a85b5A7E6cD991E8443103dFc9";
  static final String EVM_NFT = "0x3360A0B17Ac036E716a73B7351b9dFF08d18ece4";

  static final String SOLANA_HOLDER = "29o4uxKtxY1kQ4Zt9GpfQQmBhjsYoju5s3B1RUzuTMsA";
  static final String SOLANA_MINT = "CVTMZsbvvADkCe8m2oiWqtjWbhTiVunkTQ7Z9dnBMmSg";
  static final String SOLANA_ACCOUNT = "AryRwPr9xHpDjZFJi3Wh7Uhe5dCkKD7K9MHYUjsv1azH";
  static final String SOLANA_NFT_MINT = "6jh8qZFYd99xetG6MeLDhvHQtakWHyhuebGXQNwHbkWA";
  static final String SOLANA_NFT_ACCOUNT = "kKejKwz6d5kA8MmM4CQgEj7wW27jgVTzdNMx9eoi86u";

  static final String XRPL_HOLDER = "rpMN8NxZTrR6yqdt1f3hcLZ2d8xFZvMg8V";
  static final String XRPL_ISSUER = "rJ99m6kKVf3bqNVzCcje3VCP2F47c25qe7";
  static final String XRPL_FROZEN_ISSUER = "rK7PViYygp11vdT6CmDYog8w4gQ1MmYU2S";
  static final String XRPL_NFT_ISSUER = "rBy7UcpSMbNiY8sLFs628kVrddoMSNr5sW";

  static final String STELLAR_HOLDER = "GAOLFOV4JWG3PZXWNQA6UN6DKIYZZ7LRIHTM5CQFKJTJCOA2E2JTQEXJ";
  static final String STELLAR_ISSUER = "GDPPTTU5RX7YFLFVJ3J6AQ6OW3N2DIN2IFZCRJYZOWFZFMCQT6WB545J";

  static final String TRON_HOLDER = "TFPGQgeZzuXxe7uNYeMKjXyJKPi245ddfn";
  static final String TRON_HOLDER_HEX40 = "3b6574d02b38abf8924a7ee437cb2aaee79772d6";
  static final String TRON_TOKEN = "TFd33XkPgJYTmbQ6uZYoZ1oaUq986NF7iB";

  static final String SUI_HOLDER =
      "0x08ae7463cb0f78064f3294e2bac6b7ba4cc756d700188b77ff52c2602f1001bc";
  static final String SUI_NATIVE = "0x" + "0".repeat(63) + "2::sui::SUI";
  static final String SUI_COIN =
      "0x5b28d001bd6ee761bf0ba8ebd6dd4284d642e857d801463efe36dc08fe8b626d::corpus::CRP";

  static final String BITCOIN_HOLDER = "bc1q2sayn3u604rxl43talkrn5slp3tv4q0kxzkc75";

  private CorpusWallets() {}

  /** Every {@code ${name}} a request file may use. */
  static Map<String, String> values() {
    DevnetManifest m = Devnet.shared().manifest();
    Map<String, String> v = new LinkedHashMap<>();
    v.put("evm.holder", EVM_HOLDER);
    v.put("evm.empty", EVM_EMPTY);
    v.put("evm.token6", EVM_TOKEN6);
    v.put("evm.token18", EVM_TOKEN18);
    v.put("evm.nft", EVM_NFT);
    for (long chain : EvmCorpusState.CHAINS) {
      v.put("usdc." + chain, m.chain(chain).address("usdc"));
    }
    v.put("allowList", m.chain(8453).address("allowList"));
    v.put("contractAccount", m.chain(8453).address("contractAccount"));
    v.put("solana.holder", SOLANA_HOLDER);
    v.put("solana.mint", SOLANA_MINT);
    v.put("solana.nftMint", SOLANA_NFT_MINT);
    v.put("xrpl.holder", XRPL_HOLDER);
    v.put("xrpl.issuer", XRPL_ISSUER);
    v.put("xrpl.frozenIssuer", XRPL_FROZEN_ISSUER);
    v.put("xrpl.nftIssuer", XRPL_NFT_ISSUER);
    v.put("stellar.holder", STELLAR_HOLDER);
    v.put("stellar.issuer", STELLAR_ISSUER);
    v.put("tron.holder", TRON_HOLDER);
    v.put("tron.token", TRON_TOKEN);
    v.put("sui.holder", SUI_HOLDER);
    v.put("sui.coin", SUI_COIN);
    v.put("bitcoin.holder", BITCOIN_HOLDER);
    return v;
  }
}
