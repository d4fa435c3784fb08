package org.walletstate.application.commerce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.walletstate.application.commerce.port.in.IssuePassUseCase.Issue;
import org.walletstate.application.commerce.port.out.PassSigner;
import org.walletstate.application.port.out.StatementLog;
import org.walletstate.application.testing.CountingEntropy;
import org.walletstate.application.testing.MemoryPassRenewals;
import org.walletstate.application.testing.MemoryWalletKeys;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.application.testing.ScriptedPassSigner;
import org.walletstate.application.testing.Threads;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.commerce.InStorePass;
import org.walletstate.domain.commerce.PassRequest;

/**
 * Issuing in-store passes on the shared fakes, with EIP-4361 messages made by the siwe library and
 * signed by ethers (the vectors of the domain's SignInPurposeTest): a pass sign-in spends its nonce
 * once and gives a renewal token for an hour; a renewal gives fresh passes until then; a message
 * for another purpose or service, or a sign-in where none is configured, is refused without
 * spending the nonce or signing anything.
 */
class IssuePassServiceTest {

  static final String BODY =
      "localhost wants you to sign in with your Ethereum account:\n"
          + "0xe239cdc5fbe977a8a141B72194D3CF8c41bC5BC6\n"
          + "\n"
          + "Sign in\n"
          + "\n"
          + "URI: http://localhost/v1\n"
          + "Version: 1\n"
          + "Chain ID: 8453\n"
          + "Nonce: abcdef123456\n"
          + "Issued At: 2026-11-25T02:00:00.000Z\n"
          + "Resources:\n"
          + "- urn:walletstate:purpose:";
  static final PassRequest.SignIn POS_PASS =
      new PassRequest.SignIn(
          BODY + "pos-pass",
          "0x3a5ec1e9e06e4ef00870b538e1e618828a343e632de36bae8d37913fba07a55a"
              + "77da1e65f5d91cf548bccd58f4d9fd1f06a1dd6c0ed24c728761d5a1eeb543711c");
  static final PassRequest.SignIn WALLET_AUTH =
      new PassRequest.SignIn(
          BODY + "wallet-auth",
          "0x08e82e68b65e7cb9753a037a3dbea3bf808062d2c6e2e27613d59e9d1fcc8499"
              + "524aa8217a7f7e08b9453ffff439492e44aefb16a3cba48da15804c0464585651c");
  static final EvmAddress WALLET = EvmAddress.of("0xe239cdc5fbe977a8a141B72194D3CF8c41bC5BC6");
  static final Instant NOW = Instant.parse("2026-11-25T02:01:00Z");

  final MovableClock clock = new MovableClock(NOW);
  final MemoryWalletKeys nonces = new MemoryWalletKeys();
  final ScriptedPassSigner signer =
      new ScriptedPassSigner(
          new PassSigner.Reading.Invalid("not read here", java.util.Optional.empty()));
  final MemoryPassRenewals renewals = new MemoryPassRenewals();
  final CountingEntropy entropy = CountingEntropy.counting();

  Issue issue(String domain, PassRequest request) {
    return new IssuePassService(domain, nonces, signer, renewals, entropy, clock)
        .issue(request)
        .await()
        .indefinitely();
  }

  Issue issue(PassRequest request) {
    return issue("localhost", request);
  }

  @Test
  void aPassSignIn_spendsItsNonceOnce_andGivesAPassAndAnHoursRenewal() {
    Issue first = issue(POS_PASS);
    Issue replay = issue(POS_PASS);

    Issue.Issued issued = (Issue.Issued) first;
    byte[] drawn = new byte[32];
    java.util.Arrays.fill(drawn, (byte) 1);
    assertThat(issued.pass()).isEqualTo(new InStorePass(WALLET, NOW));
    assertThat(issued.code()).isEqualTo("P1.1");
    assertThat(issued.dataJson()).isEqualTo("{\"pass\":{}}");
    assertThat(issued.renewal())
        .isEqualTo("wsr_" + Base64.getUrlEncoder().withoutPadding().encodeToString(drawn));
    assertThat(issued.renewalExpiresAt()).isEqualTo(NOW.plus(Duration.ofHours(1)));
    assertThat(nonces.used(WALLET, "abcdef123456")).isTrue();
    assertThat(replay)
        .isEqualTo(
            new Issue.Refused("the nonce was used before; sign a new message with a fresh nonce"));
    assertThat(signer.signed()).hasSize(1);
    assertThat(renewals.stored()).isEqualTo(1);
  }

  @Test
  void aRenewal_givesFreshPassesUntilItExpires_andNoNewToken() {
    String token = ((Issue.Issued) issue(POS_PASS)).renewal();

    clock.advance(Duration.ofMinutes(59));
    Issue renewed = issue(new PassRequest.Renewal(token));
    clock.advance(Duration.ofMinutes(1));
    Issue expired = issue(new PassRequest.Renewal(token));

    Issue.Issued fresh = (Issue.Issued) renewed;
    assertThat(fresh.pass()).isEqualTo(new InStorePass(WALLET, NOW.plus(Duration.ofMinutes(59))));
    assertThat(fresh.renewal()).isEqualTo(token);
    assertThat(fresh.renewalExpiresAt()).isNull();
    assertThat(expired)
        .isEqualTo(new Issue.Refused("the renewal token has expired or is unknown; sign in again"));
    assertThat(renewals.stored()).isEqualTo(1);
    assertThat(signer.signed()).hasSize(2);
  }

  @Test
  void anUnknownOrMalformedRenewal_isRefused() {
    assertThat(issue(new PassRequest.Renewal("wsr_" + "A".repeat(43))))
        .isEqualTo(new Issue.Refused("the renewal token has expired or is unknown; sign in again"));
    assertThat(issue(new PassRequest.Renewal("wss_" + "A".repeat(43))))
        .isEqualTo(new Issue.Refused("renewal is not a renewal token; sign in again"));
    assertThat(signer.signed()).isEmpty();
  }

  @Test
  void anotherPurpose_anotherService_orNoSignInConfigured_isRefused_withoutSpendingTheNonce() {
    Issue walletAuth = issue(WALLET_AUTH);
    Issue otherService = issue("api.example.org", POS_PASS);
    Issue unconfigured = issue("", POS_PASS);

    assertThat(walletAuth).isInstanceOf(Issue.OtherPurpose.class);
    assertThat(otherService).isInstanceOf(Issue.Refused.class);
    assertThat(unconfigured)
        .isEqualTo(new Issue.Refused("wallet sign-in is not configured on this service"));
    assertThat(nonces.used(WALLET, "abcdef123456")).isFalse();
    assertThat(signer.signed()).isEmpty();
    assertThat(renewals.stored()).isZero();
    assertThat(issue(POS_PASS)).isInstanceOf(Issue.Issued.class);
  }

  @Test
  void aPass_isAnsweredOnlyOnceItsAppendIsDone_holdingNoWorkerThread_andAFailedAppendFailsTheIssue()
      throws Exception {
    CompletableFuture<Void> gate = new CompletableFuture<>();
    signer.appendsAfter(gate);
    CompletableFuture<Issue> answer =
        new IssuePassService("localhost", nonces, signer, renewals, entropy, clock)
            .issue(POS_PASS)
            .subscribeAsCompletionStage();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (signer.submitter() == null && System.nanoTime() < deadline) {
      Thread.sleep(2);
    }
    // signed on a worker thread and handed to the log: that thread goes back to its pool while the
    // append is held, and the pass is not answered meanwhile
    Thread worker = signer.submitter();
    assertThat(worker).isNotNull().isNotSameAs(Thread.currentThread());
    assertThat(Threads.freeWithin(worker, 10))
        .as("the worker that signed waits for nothing")
        .isTrue();
    assertThat(signer.signed()).hasSize(1);
    Thread.sleep(50);
    assertThat(answer).isNotDone();
    gate.complete(null);
    Issue.Issued issued = (Issue.Issued) answer.get(10, TimeUnit.SECONDS);
    assertThat(issued.code()).isEqualTo("P1.1");

    StatementLog.Unavailable down = new StatementLog.Unavailable("the log's store is down");
    signer.failingAppends(down);
    IssuePassService failing =
        new IssuePassService("localhost", nonces, signer, renewals, entropy, clock);
    assertThatThrownBy(
            () ->
                failing
                    .issue(new PassRequest.Renewal(issued.renewal()))
                    .await()
                    .atMost(Duration.ofSeconds(10)))
        .satisfiesAnyOf(
            thrown -> assertThat(thrown).isSameAs(down),
            thrown -> assertThat(thrown).hasCause(down));
  }
}
