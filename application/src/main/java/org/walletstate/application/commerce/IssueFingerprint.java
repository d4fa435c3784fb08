package org.walletstate.application.commerce;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.discount.DiscountRequest;

/** The fingerprint of an issue request, by which a repeated submit finds its stored twin. */
final class IssueFingerprint {

  private IssueFingerprint() {}

  /**
   * What makes two submits the same request: caller, store, wallets, proof, order and, when sent,
   * the assurance (a request without it has the fingerprint it always had).
   */
  static String of(KeyAccount caller, DiscountRequest request) {
    StringBuilder b = new StringBuilder();
    b.append(caller.id()).append('\n').append(request.merchant().key()).append('\n');
    request.wallets().keys().forEach(k -> b.append(k).append('\n'));
    request.proof().ifPresent(p -> b.append(p.message()).append('\n').append(p.signature()));
    b.append('\n');
    request
        .order()
        .items()
        .forEach(i -> b.append(i.path()).append('=').append(i.amount()).append(';'));
    request.order().subtotal().ifPresent(s -> b.append("subtotal=").append(s));
    request.assurance().ifPresent(a -> b.append("\nassurance=").append(a.wire()));
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256")
                  .digest(b.toString().getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
