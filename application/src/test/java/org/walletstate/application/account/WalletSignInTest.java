package org.walletstate.application.account;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.walletstate.application.account.port.in.AuthenticateUseCase;
import org.walletstate.application.account.port.in.WalletSignInUseCase.Outcome;
import org.walletstate.application.testing.MemoryKeyAdmission;
import org.walletstate.application.testing.MemoryWalletKeys;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.application.testing.ScriptedAccessPasses;
import org.walletstate.domain.account.ApiKey;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Wallet sign-in on the shared fakes, with a message made by the siwe library and signed by ethers
 * (the vector of the domain's SignInPurposeTest): the key registered to the signer, the pass read
 * on chain, the nonce spent only by a sign-in that gets through, and the key's daily count.
 */
class WalletSignInTest {

  static final String MESSAGE =
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
          + "- urn:walletstate:purpose:wallet-auth";
  static final String SIGNATURE =
      "0x08e82e68b65e7cb9753a037a3dbea3bf808062d2c6e2e27613d59e9d1fcc8499"
          + "524aa8217a7f7e08b9453ffff439492e44aefb16a3cba48da15804c0464585651c";
  static final EvmAddress WALLET = EvmAddress.of("0xe239cdc5fbe977a8a141B72194D3CF8c41bC5BC6");
  static final KeyAccount ACCOUNT = new KeyAccount(9, Plan.FREE, KeyVersion.V2, 1);

  final MovableClock clock = new MovableClock("2026-11-25T02:01:00Z");
  final MemoryWalletKeys keys = new MemoryWalletKeys();
  final ScriptedAccessPasses passes = new ScriptedAccessPasses();
  final MemoryKeyAdmission admission =
      new MemoryKeyAdmission().register(ApiKey.fromRandom(new byte[20]).hash(), ACCOUNT);

  /** The wallet has a key and holds the pass. */
  void registeredHolder() {
    keys.register(WALLET, ACCOUNT);
    passes.holding(WALLET, true);
  }

  Outcome signIn(String domain) {
    return new WalletSignIn(domain, keys, passes, admission, clock)
        .signIn(MESSAGE, SIGNATURE)
        .await()
        .indefinitely();
  }

  @Test
  void aPassHolderWithAKey_isSignedInAndCounted_once_perNonce() {
    registeredHolder();

    Outcome first = signIn("localhost");
    Outcome replay = signIn("localhost");

    var key = (AuthenticateUseCase.Outcome.Authenticated) ((Outcome.Key) first).outcome();
    assertThat(key.account()).isEqualTo(ACCOUNT);
    assertThat(key.usage().used()).isEqualTo(1);
    assertThat(admission.used(ACCOUNT.id(), LocalDate.parse("2026-11-25"))).isEqualTo(1);
    assertThat(keys.used(WALLET, "abcdef123456")).isTrue();
    assertThat(replay)
        .isEqualTo(
            new Outcome.Refused(
                "the nonce was used before; sign a new message with a fresh nonce"));
  }

  @Test
  void aWalletWithoutAKey_orWithoutThePass_isRefused_andTheNonceIsNotSpent() {
    Outcome noKey = signIn("localhost");
    keys.register(WALLET, ACCOUNT);
    Outcome noPass = signIn("localhost");

    assertThat(noKey).isEqualTo(new Outcome.NoKey(WALLET));
    assertThat(((Outcome.NoKey) noKey).reason())
        .isEqualTo("no key is registered to wallet " + WALLET.checksummed());
    assertThat(((Outcome.Refused) noPass).reason()).contains("does not hold the access pass");
    assertThat(keys.used(WALLET, "abcdef123456")).isFalse();
  }

  @Test
  void anUnreadablePass_isUnavailable_notARefusal() {
    keys.register(WALLET, ACCOUNT);
    passes.holdingUnreadable("the chain did not answer");

    assertThat(signIn("localhost")).isEqualTo(new Outcome.Unavailable("the chain did not answer"));
    assertThat(keys.used(WALLET, "abcdef123456")).isFalse();
  }

  @Test
  void aMessageForAnotherDomain_orAServiceWithoutOne_isRefusedBeforeAnyLookup() {
    registeredHolder();

    Outcome otherDomain = signIn("api.example.org");
    Outcome unconfigured = signIn("");

    assertThat(otherDomain).isInstanceOf(Outcome.Refused.class);
    assertThat(unconfigured)
        .isEqualTo(new Outcome.Refused("wallet sign-in is not configured on this service"));
    assertThat(admission.counts()).isEmpty();
  }

  @Test
  void pastTheKeysDailyLimit_theCallerLearnsWhenItResets() {
    registeredHolder();
    admission.admit(ACCOUNT.id(), LocalDate.parse("2026-11-25")).await().indefinitely();

    Outcome outcome = signIn("localhost");

    var limited = (AuthenticateUseCase.Outcome.LimitReached) ((Outcome.Key) outcome).outcome();
    assertThat(limited.retryAfterSeconds()).isEqualTo(22 * 3600 - 60);
  }
}
