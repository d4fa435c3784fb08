package org.walletstate.adapters.persistence.commerce;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.persistence.PostgresTestResource;
import org.walletstate.application.commerce.port.in.ConfigureMerchantCommands;
import org.walletstate.application.commerce.port.in.CreateMerchantCommands;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.DomainName;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.NewMerchant;
import org.walletstate.domain.commerce.NftCollection;
import org.walletstate.domain.commerce.Settings;
import org.walletstate.domain.commerce.TokenSet;
import org.walletstate.domain.request.RequestValue;

/** The merchant store on PostgreSQL: what is stored reads back equal; changes are serialised. */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class PgMerchantStoreTest {

  private static final Duration WAIT = Duration.ofSeconds(60);

  @Inject PgMerchantStore store;
  @Inject Pool pool;

  private static RequestValue.Obj json(String text) {
    return StoredJson.object(new io.vertx.core.json.JsonObject(text));
  }

  /** A key with no credits: merchants need an owner row. */
  private long key() {
    String hash = (UUID.randomUUID().toString() + UUID.randomUUID()).replace("-", "");
    return pool.preparedQuery(
            "insert into api_key (key_hash, app_name, plan, key_version, daily_limit, credits,"
                + " created_at) values ($1, 'store test', 'pro', 2, 100, 0, now()) returning id")
        .execute(io.vertx.mutiny.sqlclient.Tuple.of(hash))
        .await()
        .atMost(WAIT)
        .iterator()
        .next()
        .getLong("id");
  }

  private Merchant created(long key) {
    String id = "st-" + UUID.randomUUID().toString().substring(0, 8);
    NewMerchant request =
        CreateMerchantCommands.newMerchant(
            new RequestValue.Obj(
                Map.of(
                    "companyName",
                    new RequestValue.Text(id),
                    "companyId",
                    new RequestValue.Text(id))));
    Merchant m = Merchant.create(request, key, false, Instant.now().truncatedTo(ChronoUnit.MILLIS));
    var creation = store.create(new MerchantStore.NewRow(m, id, false, 10)).await().atMost(WAIT);
    assertThat(creation).isInstanceOf(MerchantStore.Creation.Created.class);
    return m;
  }

  @Test
  void aFullyConfiguredMerchant_readsBackEqual() {
    long key = key();
    Merchant m = created(key);
    TokenSet tokens =
        ConfigureMerchantCommands.tokens(
                json(
                    "{\"ownToken\":{\"symbol\":\"USDC\",\"chainId\":8453,\"contractAddress\":\"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913\",\"decimals\":6,"
                        + "\"tiers\":[{\"name\":\"a\",\"threshold\":\"0.5\",\"discount\":5}],\"alsoOn\":[{\"chainId\":\"solana\",\"contractAddress\":\"EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v\"}]},"
                        + "\"partnerTokens\":[{\"symbol\":\"R\",\"chainId\":\"xrpl\",\"contractAddress\":\"rMwjYedjc7qqtKYVLiAccJSmCwih4LnE2q\",\"currency\":\"Dollary\",\"decimals\":6,\"enabled\":false}]}"))
            .applyTo(TokenSet.NONE);
    List<NftCollection> nfts =
        ConfigureMerchantCommands.nfts(
            json(
                "{\"nftCollections\":[{\"name\":\"c\",\"contractAddress\":\"rMwjYedjc7qqtKYVLiAccJSmCwih4LnE2q\",\"chainId\":\"xrpl\",\"benefitType\":\"recognition\",\"taxon\":4294967295}]}"));
    Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    Settings settings =
        m.settings()
            .apply(
                ConfigureMerchantCommands.settings(
                    json(
                        "{\"discountMode\":\"capped\",\"discountCap\":20,\"maxUnprovenDiscount\":0,\"paused\":true,"
                            + "\"usdcPayment\":{\"solanaAddress\":\"EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v\",\"preferredChainId\":\"solana\"}}")),
                now);
    Merchant next =
        m.withTokens(tokens)
            .withNftCollections(nfts)
            .withSettings(settings)
            .withVerification(m.verification().issue(DomainName.parse("shop.example.com"), "t"))
            .withListed(true);
    store.modify(m.id(), key, x -> new MerchantStore.Change<>(next, "ok")).await().atMost(WAIT);
    assertThat(store.find(new CompanyId(m.id().value().toUpperCase())).await().atMost(WAIT))
        .contains(next);
  }

  @Test
  void concurrentChanges_areAppliedOneAfterAnother() {
    long key = key();
    Merchant m = created(key);
    List<Uni<MerchantStore.Access<Integer>>> changes = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      changes.add(
          store.modify(
              m.id(),
              key,
              x -> {
                int cap = x.settings().discountCap() == 100 ? 1 : x.settings().discountCap() + 1;
                return new MerchantStore.Change<>(
                    x.withSettings(
                        new Settings(
                            x.settings().discountMode(),
                            cap,
                            x.settings().usdcPayment(),
                            x.settings().maxDiscountsPerWalletPerDay(),
                            x.settings().maxUnprovenDiscount(),
                            x.settings().maxPaidCodesFromOtherKeysPerDay(),
                            false,
                            Optional.empty())),
                    cap);
              }));
    }
    List<MerchantStore.Access<Integer>> done =
        Uni.join().all(changes).usingConcurrencyOf(30).andFailFast().await().atMost(WAIT);
    assertThat(done).allMatch(a -> a instanceof MerchantStore.Access.Done<Integer>);
    assertThat(store.find(m.id()).await().atMost(WAIT).orElseThrow().settings().discountCap())
        .as("each change read the one before it")
        .isEqualTo(30);
    assertThat(
            store
                .modify(m.id(), key + 1_000_000, x -> new MerchantStore.Change<>(x, 0))
                .await()
                .atMost(WAIT))
        .isInstanceOf(MerchantStore.Access.NotOwner.class);
    assertThat(
            store
                .modify(
                    new CompanyId("missing-" + m.id()), key, x -> new MerchantStore.Change<>(x, 0))
                .await()
                .atMost(WAIT))
        .isInstanceOf(MerchantStore.Access.NotFound.class);
  }
}
