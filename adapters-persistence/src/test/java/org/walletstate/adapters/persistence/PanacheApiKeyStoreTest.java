package org.walletstate.adapters.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.vertx.RunOnVertxContext;
import io.quarkus.test.vertx.UniAsserter;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.HexFormat;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.ApiKeyStore.FreeKeyCreation;
import org.walletstate.application.port.out.ApiKeyStore.NewFreeKey;
import org.walletstate.domain.account.ApiKey;
import org.walletstate.domain.account.AppName;
import org.walletstate.domain.account.EmailAddress;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.payload.KeyVersion;

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class PanacheApiKeyStoreTest {

  @Inject PanacheApiKeyStore store;

  private static NewFreeKey newKey(String email) {
    byte[] random =
        HexFormat.of().parseHex(UUID.randomUUID().toString().replace("-", "") + "00000000");
    return new NewFreeKey(
        ApiKey.fromRandom(random).hash(),
        EmailAddress.parse(email, "email"),
        AppName.parse("store test"),
        Plan.FREE,
        KeyVersion.V2,
        10,
        Instant.parse("2026-11-21T12:00:00Z"));
  }

  private static String uniqueEmail() {
    return "store-" + UUID.randomUUID() + "@example.org";
  }

  @Test
  @RunOnVertxContext
  void createFreeKey_storesTheHashAndGrantsTheCreditsInTheLedger(UniAsserter asserter) {
    NewFreeKey key = newKey(uniqueEmail());
    asserter.assertThat(
        () -> store.createFreeKey(key),
        created -> assertThat(created).isInstanceOf(FreeKeyCreation.Created.class));
    asserter.assertThat(
        () ->
            Panache.withSession(
                () -> ApiKeyEntity.<ApiKeyEntity>find("keyHash", key.hash().hex()).singleResult()),
        row -> {
          assertThat(row.email).isEqualTo(key.email().value());
          assertThat(row.credits).isEqualTo(10);
          assertThat(row.keyVersion).isEqualTo((short) 2);
          assertThat(row.dailyLimit).isEqualTo(100);
        });
    asserter.assertThat(
        () ->
            Panache.withSession(
                () ->
                    CreditEntryEntity.<CreditEntryEntity>find(
                            "apiKeyId = (select id from ApiKeyEntity where keyHash = ?1)",
                            key.hash().hex())
                        .list()),
        entries -> {
          assertThat(entries).hasSize(1);
          assertThat(entries.get(0).kind).isEqualTo("grant");
          assertThat(entries.get(0).amount).isEqualTo(10);
        });
  }

  @Test
  @RunOnVertxContext
  void createFreeKey_refusesASecondKeyForTheSameEmailWithoutWritingAnything(UniAsserter asserter) {
    String email = uniqueEmail();
    NewFreeKey first = newKey(email);
    NewFreeKey second = newKey(email.toUpperCase(java.util.Locale.ROOT));
    asserter.assertThat(
        () -> store.createFreeKey(first),
        created -> assertThat(created).isInstanceOf(FreeKeyCreation.Created.class));
    asserter.assertThat(
        () -> store.createFreeKey(second),
        outcome -> assertThat(outcome).isInstanceOf(FreeKeyCreation.EmailTaken.class));
    asserter.assertThat(
        () -> Panache.withSession(() -> ApiKeyEntity.count("email", email)),
        count -> assertThat(count).isEqualTo(1));
  }
}
