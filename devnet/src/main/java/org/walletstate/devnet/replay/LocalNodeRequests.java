package org.walletstate.devnet.replay;

import static org.walletstate.devnet.replay.LocalNodes.BITCOIN_HOLDER;
import static org.walletstate.devnet.replay.LocalNodes.SOLANA_HOLDER;
import static org.walletstate.devnet.replay.LocalNodes.SOLANA_MINT;
import static org.walletstate.devnet.replay.LocalNodes.STELLAR_HOLDER;
import static org.walletstate.devnet.replay.LocalNodes.STELLAR_ISSUER;
import static org.walletstate.devnet.replay.LocalNodes.SUI_HOLDER;
import static org.walletstate.devnet.replay.LocalNodes.SUI_USDC;
import static org.walletstate.devnet.replay.LocalNodes.TRON_HOLDER;
import static org.walletstate.devnet.replay.LocalNodes.TRON_USDT;
import static org.walletstate.devnet.replay.LocalNodes.XRPL_HOLDER;
import static org.walletstate.devnet.replay.LocalNodes.XRPL_ISSUER;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Requests the {@link LocalNodes} scenario answers: what a client (the tour, a test) sends. */
public final class LocalNodeRequests {

  private LocalNodeRequests() {}

  /**
   * For each of the six families, by its chain id ({@code solana}, {@code xrpl}, …), the body of a
   * {@code POST /v1/attest} whose conditions the scenario's holder meets exactly: its native
   * balance and (where the family has tokens) its token balance.
   */
  public static Map<String, Map<String, Object>> attestBodies() {
    Map<String, Map<String, Object>> bodies = new LinkedHashMap<>();
    // One body per family by design: a table of what each family's holder meets.
    bodies.put(
        "solana",
        body(
            "solanaWallet",
            SOLANA_HOLDER,
            condition("solana", "native", "2.5", null, null),
            condition("solana", SOLANA_MINT, "2000.5", null, null)));
    bodies.put(
        "xrpl",
        body(
            "xrplWallet",
            XRPL_HOLDER,
            condition("xrpl", "native", "25", null, null),
            condition("xrpl", XRPL_ISSUER, "150.25", "currency", "USD")));
    bodies.put(
        "tron",
        body(
            "tronWallet",
            TRON_HOLDER,
            condition("tron", "native", "1793.2272", null, null),
            condition("tron", TRON_USDT, "1087.36", null, null)));
    bodies.put(
        "stellar",
        body(
            "stellarWallet",
            STELLAR_HOLDER,
            condition("stellar", "native", "80.8944518", null, null),
            condition("stellar", STELLAR_ISSUER, "150.25", "assetCode", "EURT")));
    bodies.put(
        "sui",
        body(
            "suiWallet",
            SUI_HOLDER,
            condition("sui", "native", "3", null, null),
            condition("sui", SUI_USDC, "250", null, null)));
    bodies.put(
        "bitcoin",
        body("bitcoinWallet", BITCOIN_HOLDER, condition("bitcoin", "native", "0.001", null, null)));
    return bodies;
  }

  /** The optional wallets of a trust profile: each family's holder, by its request member. */
  public static Map<String, String> trustWallets() {
    Map<String, String> wallets = new LinkedHashMap<>();
    attestBodies()
        .values()
        .forEach(
            body ->
                body.forEach(
                    (member, value) -> {
                      if (member.endsWith("Wallet")) {
                        wallets.put(member, (String) value);
                      }
                    }));
    return wallets;
  }

  private static Map<String, Object> body(
      String member, String wallet, Map<String, Object> nativeCondition) {
    return body(member, wallet, nativeCondition, null);
  }

  private static Map<String, Object> body(
      String member,
      String wallet,
      Map<String, Object> nativeCondition,
      Map<String, Object> tokenCondition) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put(member, wallet);
    body.put(
        "conditions",
        tokenCondition == null
            ? List.of(nativeCondition)
            : List.of(nativeCondition, tokenCondition));
    return body;
  }

  private static Map<String, Object> condition(
      String chain, String contract, String threshold, String extra, String extraValue) {
    Map<String, Object> condition = new LinkedHashMap<>();
    condition.put("type", "token_balance");
    condition.put("chainId", chain);
    condition.put("contractAddress", contract);
    if (extra != null) {
      condition.put(extra, extraValue);
    }
    condition.put("threshold", threshold);
    return condition;
  }
}
