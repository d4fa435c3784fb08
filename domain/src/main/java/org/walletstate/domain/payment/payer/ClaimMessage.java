package org.walletstate.domain.payment.payer;

import java.util.ArrayList;
import java.util.List;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.TxHash;

/**
 * The text a sender signs to claim its payment, lines joined by LF, no trailing line end:
 *
 * <pre>
 * {domain} asks you to prove you sent this payment
 * Purpose: keys/buy | credits/buy | merchant-credits | plans/buy
 * App: {appName}                (keys/buy only)
 * Merchant: {merchantId}        (merchant-credits only)
 * Plan: {plan}                  (plans/buy only)
 * Chain: {chainId}
 * Transaction: {txHash}
 * Issued At: {RFC 3339 time}
 * </pre>
 *
 * Its first line is not an EIP-4361 first line ({@code … wants you to sign in with your Ethereum
 * account:}), so no claim is ever a sign-in or a {@code walletProof}, and no sign-in is a claim.
 */
public final class ClaimMessage {

  public static final String HEADLINE = " asks you to prove you sent this payment";
  public static final String ISSUED_AT = "Issued At: ";

  private ClaimMessage() {}

  /** The lines of the message for this purchase, issued at {@code issuedAt} (as written). */
  public static List<String> lines(
      String domain, ClaimPurpose purpose, ChainId chain, TxHash tx, String issuedAt) {
    List<String> lines = new ArrayList<>();
    lines.add(domain + HEADLINE);
    lines.add("Purpose: " + purpose.name());
    lines.addAll(purpose.details());
    lines.add("Chain: " + chain);
    lines.add("Transaction: " + tx.text());
    lines.add(ISSUED_AT + issuedAt);
    return lines;
  }

  /** The message for this purchase, issued at {@code issuedAt} (as written). */
  public static String text(
      String domain, ClaimPurpose purpose, ChainId chain, TxHash tx, String issuedAt) {
    return String.join("\n", lines(domain, purpose, chain, tx, issuedAt));
  }
}
