package org.walletstate.domain.commerce.discount;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.siwe.PurposeMismatch;
import org.walletstate.domain.siwe.SignInCheck;
import org.walletstate.domain.siwe.SignInPurpose;

/**
 * {@code walletProof}: an EIP-4361 message signed (EIP-191) by the EVM wallet within the last 5
 * minutes, for the service's host or the store's own website, with URI {@code
 * {base_url}/v1/merchants/{merchantId}}, naming no purpose but its own ({@link
 * SignInPurpose#DISCOUNT_PROOF}: a wallet sign-in or pass sign-in message is refused). The nonce's
 * single use is the caller's to enforce (shared with wallet sign-in's nonces).
 *
 * @param message the EIP-4361 text
 * @param signature the {@code personal_sign} signature
 */
public record WalletProof(String message, String signature) {

  /** The outcome of checking a proof. */
  public sealed interface Verdict {
    /** The wallet signed: the nonce is still to be used once. */
    record Proven(EvmAddress wallet, String nonce) implements Verdict {}

    /** Not a proof for this wallet and store: 401, no credit. */
    record Refused(String reason) implements Verdict {}

    /**
     * Not a proof: the message is signed for another purpose (401, no credit). The adapter words it
     * ({@link SignInCheck.Verdict.OtherPurpose}).
     */
    record OtherPurpose(PurposeMismatch mismatch) implements Verdict {}
  }

  /**
   * Checks the proof.
   *
   * @param wallet the request's {@code wallet}
   * @param domains the hosts the message may name: the service's, and the store's own website
   * @param uri {@code {base_url}/v1/merchants/{merchantId}}
   * @param now the service's clock
   */
  public Verdict check(EvmAddress wallet, List<String> domains, String uri, Instant now) {
    SignInCheck.Verdict verdict = null;
    for (String domain : domains) {
      verdict = SignInCheck.check(message, signature, domain, SignInPurpose.DISCOUNT_PROOF, now);
      if (!(verdict instanceof SignInCheck.Verdict.Refused refused
          && refused.reason().startsWith("the message is for domain"))) {
        break;
      }
    }
    if (verdict == null) {
      return new Verdict.Refused("walletProof cannot be checked: no domain is configured");
    }
    if (verdict instanceof SignInCheck.Verdict.OtherPurpose other) {
      return new Verdict.OtherPurpose(other.mismatch());
    }
    if (verdict instanceof SignInCheck.Verdict.Refused refused) {
      String reason = refused.reason();
      if (reason.startsWith("the message is for domain")) {
        reason =
            "walletProof names a domain that is neither the service's host nor the store's"
                + " website ("
                + String.join(", ", domains)
                + ")";
      }
      return new Verdict.Refused("walletProof does not verify: " + reason);
    }
    var signedIn = (SignInCheck.Verdict.SignedIn) verdict;
    if (!signedIn.wallet().equals(wallet)) {
      return new Verdict.Refused(
          "walletProof is signed by "
              + signedIn.wallet().checksummed()
              + ", not by wallet "
              + wallet.checksummed());
    }
    String signedUri = signedIn.message().uri();
    if (!strip(signedUri).equalsIgnoreCase(strip(uri))) {
      return new Verdict.Refused("walletProof URI must be " + uri + ", not " + signedUri);
    }
    return new Verdict.Proven(signedIn.wallet(), signedIn.message().nonce());
  }

  private static String strip(String uri) {
    String u = uri.toLowerCase(Locale.ROOT);
    return u.endsWith("/") ? u.substring(0, u.length() - 1) : u;
  }
}
