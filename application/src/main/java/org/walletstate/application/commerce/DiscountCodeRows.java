package org.walletstate.application.commerce;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import org.walletstate.application.commerce.port.out.DiscountCodes;
import org.walletstate.domain.account.DailyWindow;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.discount.DiscountCode;
import org.walletstate.domain.commerce.discount.DiscountRequest;
import org.walletstate.domain.commerce.discount.Eligibility;
import org.walletstate.domain.commerce.discount.IssuedCode;
import org.walletstate.domain.commerce.discount.OrderLines;

/**
 * What {@link DiscountService} issues, before it is stored: the code with its window and the
 * order's discounted total, and the row {@link DiscountCodes#issue} stores it as, with the limits
 * that one transaction checks (the wallet's daily limit, other keys' limits) and the replay
 * fingerprint.
 */
final class DiscountCodeRows {

  private DiscountCodeRows() {}

  /**
   * One issuing request, as the row records it.
   *
   * @param nonce the walletProof's nonce, used once, when the request carried a proof
   * @param started when the request was received (its replay window starts there)
   */
  record Issue(
      KeyAccount caller,
      DiscountRequest request,
      Merchant merchant,
      Eligibility earned,
      Optional<DiscountCodes.ProofNonce> nonce,
      Instant started) {}

  /** {@code code} issued {@code now}, valid for {@link DiscountCode#VALIDITY}. */
  static IssuedCode issued(
      DiscountCode code, Merchant merchant, Eligibility earned, OrderLines order, Instant now) {
    OptionalLong discounted = OptionalLong.empty();
    if (order.total().isPresent()) {
      discounted =
          OptionalLong.of(
              order.total().getAsLong()
                  - order.discountAmount(earned.discount()).orElse(0L).longValue());
    }
    return new IssuedCode(
        code,
        merchant.id(),
        earned.discount(),
        now,
        now.plus(DiscountCode.VALIDITY),
        earned.walletProven(),
        discounted,
        Optional.empty());
  }

  /**
   * What a code costs its store's owner: 1 credit when it carries a discount, 2 when the request
   * read the holdings from a quorum of providers ({@code "assurance": "quorum"}); a 0% code is
   * free.
   */
  static long credits(DiscountRequest request, Eligibility earned) {
    if (!earned.carriesDiscount()) {
      return 0;
    }
    return request.quorum() ? 2 : 1;
  }

  /**
   * The row of {@code issued}, signed as {@code signed}: a code that carries a discount costs the
   * owner its {@link #credits}, counts against the wallet's daily limit unless the wallet was
   * proven, and against the limits the store sets for other keys unless the owner asked.
   */
  static DiscountCodes.NewCode row(Issue issue, IssuedCode issued, String signed, DailyWindow day) {
    Merchant merchant = issue.merchant();
    boolean paid = issue.earned().carriesDiscount();
    boolean owner = merchant.ownedBy(issue.caller().id());
    Optional<Integer> daily =
        paid && !issue.earned().walletProven()
            ? merchant.settings().maxDiscountsPerWalletPerDay()
            : Optional.empty();
    OrderLines order = issue.request().order();
    return new DiscountCodes.NewCode(
        issued,
        merchant.ownerKeyId(),
        issue.caller().id(),
        issue.request().wallets().keys(),
        issue.nonce(),
        signed,
        credits(issue.request(), issue.earned()),
        IssueFingerprint.of(issue.caller(), issue.request()),
        issue.started(),
        daily,
        day.resetsAt().minus(Duration.ofDays(1)),
        OtherKeyLimits.bounds(merchant, paid && !owner, issued.createdAt()),
        order.total().isPresent() ? Optional.of(order.total().getAsLong()) : Optional.empty());
  }
}
