package org.walletstate.application.commerce;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.walletstate.application.commerce.port.in.IssuePassUseCase;
import org.walletstate.application.commerce.port.out.PassRenewals;
import org.walletstate.application.commerce.port.out.PassSigner;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.application.port.out.WalletKeys;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.commerce.InStorePass;
import org.walletstate.domain.commerce.PassRequest;
import org.walletstate.domain.siwe.SignInCheck;
import org.walletstate.domain.siwe.SignInPurpose;

/**
 * Issuing a pass: the EIP-4361 sign-in's rules ({@link SignInCheck}, as wallet authorization checks
 * them, for the purpose {@link SignInPurpose#POS_PASS}), then the nonce's single use (the same
 * store as wallet authorization), then the signed pass and a renewal token; or a renewal token that
 * is still valid, then the signed pass.
 */
public final class IssuePassService implements IssuePassUseCase {

  /** How long a renewal token gives fresh passes without a new signature. */
  public static final Duration RENEWAL = Duration.ofHours(1);

  /** Renewal tokens: this prefix and 43 base64url characters (32 random bytes). */
  static final String RENEWAL_PREFIX = "wsr_";

  private final String domain;
  private final WalletKeys nonces;
  private final PassSigner signer;
  private final PassRenewals renewals;
  private final Entropy entropy;
  private final Clock clock;

  /**
   * @param domain the host a sign-in message must name (as for wallet authorization)
   */
  public IssuePassService(
      String domain,
      WalletKeys nonces,
      PassSigner signer,
      PassRenewals renewals,
      Entropy entropy,
      Clock clock) {
    // Same constructor shape as AttestService's and WalletSignIn's by design: each is handed only
    // the ports it uses, and there is no logic to share.
    this.domain = domain;
    this.nonces = nonces;
    this.signer = signer;
    this.renewals = renewals;
    this.entropy = entropy;
    this.clock = clock;
  }

  @Override
  public Uni<Issue> issue(PassRequest request) {
    Instant now = clock.instant();
    if (request instanceof PassRequest.Renewal renewal) {
      if (!renewal.token().startsWith(RENEWAL_PREFIX)) {
        return refuse("renewal is not a renewal token; sign in again");
      }
      return renewals
          .wallet(ScannerService.sha256(renewal.token()), now)
          .flatMap(
              wallet ->
                  wallet.isEmpty()
                      ? refuse("the renewal token has expired or is unknown; sign in again")
                      : issued(wallet.get(), now, renewal.token(), Optional.empty()));
    }
    if (domain.isBlank()) {
      return refuse("wallet sign-in is not configured on this service");
    }
    var signIn = (PassRequest.SignIn) request;
    SignInCheck.Verdict verdict =
        SignInCheck.check(
            signIn.message(), signIn.signature(), domain, SignInPurpose.POS_PASS, now);
    if (verdict instanceof SignInCheck.Verdict.Refused refused) {
      return refuse(refused.reason());
    }
    if (verdict instanceof SignInCheck.Verdict.OtherPurpose other) {
      return Uni.createFrom().item(new Issue.OtherPurpose(other.mismatch()));
    }
    var signedIn = (SignInCheck.Verdict.SignedIn) verdict;
    return nonces
        .useNonce(signedIn.wallet(), signedIn.message().nonce(), now)
        .flatMap(
            first -> {
              if (!first) {
                return refuse("the nonce was used before; sign a new message with a fresh nonce");
              }
              String token =
                  RENEWAL_PREFIX
                      + Base64.getUrlEncoder().withoutPadding().encodeToString(entropy.bytes(32));
              Instant renewalExpiresAt = now.plus(RENEWAL);
              return renewals
                  .store(ScannerService.sha256(token), signedIn.wallet(), renewalExpiresAt)
                  .flatMap(
                      ok -> issued(signedIn.wallet(), now, token, Optional.of(renewalExpiresAt)));
            });
  }

  /**
   * Signs the pass on a worker thread, never the event loop, and hands it to the transparency log
   * without waiting: the worker is free once the entry is handed over, and the pass is answered
   * once the entry is durable.
   */
  private Uni<Issue> issued(
      EvmAddress wallet, Instant now, String renewal, Optional<Instant> renewalExpiresAt) {
    InStorePass pass = new InStorePass(wallet, now);
    Executor workers = Infrastructure.getDefaultWorkerPool();
    return Uni.createFrom()
        .completionStage(() -> signer.submit(pass, workers))
        .runSubscriptionOn(workers)
        .map(
            signed ->
                (Issue)
                    new Issue.Issued(
                        pass,
                        signed.dataJson(),
                        signed.code(),
                        renewal,
                        renewalExpiresAt.orElse(null)));
  }

  private static Uni<Issue> refuse(String reason) {
    return Uni.createFrom().item(new Issue.Refused(reason));
  }
}
