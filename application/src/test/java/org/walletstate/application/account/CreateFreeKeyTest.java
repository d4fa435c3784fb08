package org.walletstate.application.account;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.walletstate.application.account.port.in.CreateFreeKeyUseCase.Outcome;
import org.walletstate.application.testing.CountingEntropy;
import org.walletstate.application.testing.MemoryApiKeyStore;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.domain.account.AppName;
import org.walletstate.domain.account.EmailAddress;
import org.walletstate.domain.account.FreeKeyRequest;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.payload.KeyVersion;

/** Free keys: one per email address, stored by hash only, with the free plan's credits. */
class CreateFreeKeyTest {

  final MovableClock clock = new MovableClock("2026-11-28T07:00:00Z");
  final MemoryApiKeyStore store = new MemoryApiKeyStore();
  final CreateFreeKey create = new CreateFreeKey(store, CountingEntropy.counting(), clock);

  static FreeKeyRequest request(String email) {
    return new FreeKeyRequest(EmailAddress.parse(email, "email"), AppName.parse("my app"));
  }

  @Test
  void aNewEmail_getsAV2FreeKeyWithTheIncludedCredits_storedByItsHash() {
    Outcome.Issued issued =
        (Outcome.Issued) create.create(request("a@example.com")).await().indefinitely();

    assertThat(issued.plan()).isEqualTo(Plan.FREE);
    assertThat(issued.credits()).isEqualTo(Plan.FREE.includedCredits()).isPositive();
    assertThat(store.keys())
        .singleElement()
        .satisfies(
            key -> {
              assertThat(key.hash()).isEqualTo(issued.key().hash());
              assertThat(key.version()).isEqualTo(KeyVersion.V2);
              assertThat(key.credits()).isEqualTo(issued.credits());
              assertThat(key.createdAt()).isEqualTo(clock.instant());
            });
    assertThat(store.findByHash(issued.key().hash()).await().indefinitely()).isPresent();
  }

  @Test
  void anEmailThatHasAKey_getsNoSecond() {
    Outcome.Issued first =
        (Outcome.Issued) create.create(request("a@example.com")).await().indefinitely();

    Outcome second = create.create(request("a@example.com")).await().indefinitely();
    Outcome other = create.create(request("b@example.com")).await().indefinitely();

    assertThat(second).isEqualTo(new Outcome.EmailTaken(request("a@example.com")));
    assertThat(((Outcome.Issued) other).key()).isNotEqualTo(first.key());
    assertThat(store.keys()).hasSize(2);
  }
}
