package org.walletstate.application.account;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Instant;
import org.walletstate.application.account.port.in.AuthenticateUseCase;
import org.walletstate.application.account.port.in.WalletSignInUseCase;
import org.walletstate.application.port.out.AccessPasses;
import org.walletstate.application.port.out.KeyAdmission;
import org.walletstate.application.port.out.WalletKeys;
import org.walletstate.domain.account.DailyWindow;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.siwe.SignInCheck;
import org.walletstate.domain.siwe.SignInPurpose;

/**
 * Wallet sign-in: the message's rules ({@link SignInCheck}: domain, the purpose {@link
 * SignInPurpose#WALLET_AUTH}, signature, time window), then the key registered to the signer, then
 * the access pass read on chain, then the nonce (its use is recorded last, so a refused attempt
 * does not spend it), then the daily count.
 */
public final class WalletSignIn implements WalletSignInUseCase {

  private final String domain;
  private final WalletKeys keys;
  private final AccessPasses passes;
  private final KeyAdmission admission;
  private final Clock clock;

  // Same constructor shape as BuyKey's and IssuePassService's by design: each is handed only the
  // ports it uses, and there is no logic to share.
  /**
   * @param domain the host a message must name (the service's public host)
   */
  public WalletSignIn(
      String domain, WalletKeys keys, AccessPasses passes, KeyAdmission admission, Clock clock) {
    this.domain = domain;
    this.keys = keys;
    this.passes = passes;
    this.admission = admission;
    this.clock = clock;
  }

  @Override
  public Uni<Outcome> signIn(String message, String signature) {
    if (domain.isBlank()) {
      return refuse("wallet sign-in is not configured on this service");
    }
    Instant now = clock.instant();
    SignInCheck.Verdict verdict =
        SignInCheck.check(message, signature, domain, SignInPurpose.WALLET_AUTH, now);
    if (verdict instanceof SignInCheck.Verdict.Refused refused) {
      return refuse(refused.reason());
    }
    if (verdict instanceof SignInCheck.Verdict.OtherPurpose other) {
      return Uni.createFrom().item(new Outcome.OtherPurpose(other.mismatch()));
    }
    var signedIn = (SignInCheck.Verdict.SignedIn) verdict;
    return keys.findByWallet(signedIn.wallet())
        .flatMap(
            key -> {
              if (key.isEmpty()) {
                return Uni.createFrom().item((Outcome) new Outcome.NoKey(signedIn.wallet()));
              }
              return passes
                  .holding(signedIn.wallet())
                  .flatMap(
                      holding -> {
                        if (holding instanceof AccessPasses.Holding.Unknown unknown) {
                          return Uni.createFrom()
                              .item((Outcome) new Outcome.Unavailable(unknown.reason()));
                        }
                        if (holding instanceof AccessPasses.Holding.DoesNotHold) {
                          return refuse(
                              "wallet "
                                  + signedIn.wallet().checksummed()
                                  + " does not hold the access pass on chain 8453");
                        }
                        return keys.useNonce(signedIn.wallet(), signedIn.message().nonce(), now)
                            .flatMap(
                                first ->
                                    first
                                        ? count(key.get(), now)
                                        : refuse(
                                            "the nonce was used before; sign a new message with"
                                                + " a fresh nonce"));
                      });
            });
  }

  private Uni<Outcome> count(KeyAccount account, Instant now) {
    DailyWindow window = DailyWindow.containing(now);
    return admission
        .admit(account.id(), window.day())
        .map(
            admitted -> {
              if (admitted instanceof KeyAdmission.Admission.Counted counted) {
                return new Outcome.Key(
                    new AuthenticateUseCase.Outcome.Authenticated(
                        counted.account(),
                        new AuthenticateUseCase.DailyUsage(
                            counted.account().dailyLimit(), counted.used(), window)));
              }
              if (admitted instanceof KeyAdmission.Admission.LimitReached limited) {
                return new Outcome.Key(
                    new AuthenticateUseCase.Outcome.LimitReached(
                        limited.account(), window, window.secondsUntilReset(now)));
              }
              return (Outcome) new Outcome.Refused("the key registered to this wallet is gone");
            });
  }

  private static Uni<Outcome> refuse(String reason) {
    return Uni.createFrom().item(new Outcome.Refused(reason));
  }
}
