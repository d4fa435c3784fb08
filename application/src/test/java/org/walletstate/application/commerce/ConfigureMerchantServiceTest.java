package org.walletstate.application.commerce;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.walletstate.application.commerce.port.in.ConfigureMerchantCommands;
import org.walletstate.application.commerce.port.in.CreateMerchantCommands;
import org.walletstate.application.commerce.port.in.OwnerResult;
import org.walletstate.application.testing.MemoryMerchantStore;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.DiscountMode;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.TokenSet;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.request.RequestValue;

/**
 * The owner's configuration on the shared merchant store: each change is the owner key's only
 * (another key is forbidden and changes nothing, an unknown store is not found), answers the store
 * as stored, and keeps what it does not touch; pausing records its time once; a partner's store is
 * published only with a verified domain.
 */
class ConfigureMerchantServiceTest {

  static final KeyAccount OWNER = new KeyAccount(7, Plan.PRO, KeyVersion.V2, 1000);
  static final KeyAccount STRANGER = new KeyAccount(9, Plan.PRO, KeyVersion.V2, 1000);
  static final CompanyId ACME = CompanyId.parse("acme");
  static final String USDC_ETH = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

  final MovableClock clock = new MovableClock("2026-11-28T07:00:00Z");
  final MemoryMerchantStore store = new MemoryMerchantStore();
  final ConfigureMerchantService service = new ConfigureMerchantService(store, clock);

  ConfigureMerchantServiceTest() {
    store(false);
  }

  void store(boolean partnerProvisioned) {
    store.put(
        Merchant.create(
            CreateMerchantCommands.newMerchant(
                Json.object("{\"companyName\":\"Acme\",\"companyId\":\"acme\"}")),
            OWNER.id(),
            partnerProvisioned,
            Instant.EPOCH));
  }

  static RequestValue.Obj j(String singleQuoted) {
    return Json.object(singleQuoted.replace('\'', '"'));
  }

  static Merchant done(OwnerResult<Merchant> result) {
    assertThat(result).isInstanceOf(OwnerResult.Done.class);
    return ((OwnerResult.Done<Merchant>) result).value();
  }

  OwnerResult<Merchant> tokens(KeyAccount key, CompanyId id) {
    String token =
        "{'ownToken':{'symbol':'ACME','chainId':1,'contractAddress':'"
            + USDC_ETH
            + "','decimals':6,'tiers':[{'name':'gold','threshold':'10','discount':5}]}}";
    return service
        .tokens(key, id, ConfigureMerchantCommands.tokens(j(token)))
        .await()
        .indefinitely();
  }

  OwnerResult<Merchant> settings(KeyAccount key, String body) {
    return service
        .settings(key, ACME, ConfigureMerchantCommands.settings(j(body)))
        .await()
        .indefinitely();
  }

  OwnerResult<Merchant> nfts(KeyAccount key) {
    return service
        .nfts(
            key,
            ACME,
            ConfigureMerchantCommands.nfts(
                j(
                    "{'nftCollections':[{'name':'Punks','contractAddress':'"
                        + USDC_ETH
                        + "','chainId':1,'discount':15}]}")))
        .await()
        .indefinitely();
  }

  OwnerResult<Merchant> directory(KeyAccount key, boolean listed) {
    return service.directory(key, ACME, listed).await().indefinitely();
  }

  @Test
  void eachChange_isTheOwners_andAnswersTheStoreAsStored() {
    Merchant withTokens = done(tokens(OWNER, ACME));
    Merchant withNfts = done(nfts(OWNER));
    Merchant capped = done(settings(OWNER, "{'discountMode':'capped','discountCap':30}"));
    Merchant listed = done(directory(OWNER, true));

    assertThat(withTokens.tokens().own().orElseThrow().symbol()).isEqualTo("ACME");
    assertThat(withNfts.tokens())
        .as("a change keeps what it does not touch")
        .isEqualTo(withTokens.tokens());
    assertThat(withNfts.nftCollections())
        .singleElement()
        .satisfies(c -> assertThat(c.discount()).contains(15));
    assertThat(capped.settings().discountMode()).isEqualTo(DiscountMode.CAPPED);
    assertThat(capped.settings().discountCap()).isEqualTo(30);
    assertThat(capped.nftCollections()).hasSize(1);
    assertThat(listed.listed()).isTrue();
    assertThat(store.row("acme")).contains(listed);
  }

  @Test
  void anotherKey_isForbiddenEverywhere_andAnUnknownStoreIsNotFound_changingNothing() {
    Merchant before = store.row("acme").orElseThrow();
    String notOwner = "This API key does not own merchant acme";

    assertThat(tokens(STRANGER, ACME)).isEqualTo(new OwnerResult.Forbidden<Merchant>(notOwner));
    assertThat(nfts(STRANGER)).isEqualTo(new OwnerResult.Forbidden<Merchant>(notOwner));
    assertThat(settings(STRANGER, "{'paused':true}"))
        .isEqualTo(new OwnerResult.Forbidden<Merchant>(notOwner));
    assertThat(directory(STRANGER, true)).isEqualTo(new OwnerResult.Forbidden<Merchant>(notOwner));
    assertThat(tokens(OWNER, CompanyId.parse("nowhere")))
        .isEqualTo(new OwnerResult.NotFound<Merchant>());
    assertThat(store.row("acme")).contains(before);
    assertThat(store.all()).hasSize(1);
  }

  @Test
  void pausing_recordsWhenOnce_andResumingRestoresTheRest() {
    done(settings(OWNER, "{'discountCap':40}"));
    Merchant paused = done(settings(OWNER, "{'paused':true}"));
    clock.advance(Duration.ofMinutes(5));
    Merchant pausedAgain = done(settings(OWNER, "{'paused':true}"));
    Merchant resumed = done(settings(OWNER, "{'paused':false}"));

    assertThat(paused.paused()).isTrue();
    assertThat(paused.settings().pausedAt()).contains(Instant.parse("2026-11-28T07:00:00Z"));
    assertThat(pausedAgain.settings().pausedAt()).isEqualTo(paused.settings().pausedAt());
    assertThat(resumed.paused()).isFalse();
    assertThat(resumed.settings().pausedAt()).isEmpty();
    assertThat(resumed.settings().discountCap()).isEqualTo(40);
  }

  @Test
  void aPartnersStore_isPublishedOnlyWithAVerifiedDomain_butMayBeUnlisted() {
    store(true);

    OwnerResult<Merchant> publish = directory(OWNER, true);
    Merchant unlisted = done(directory(OWNER, false));

    assertThat(publish)
        .isEqualTo(
            new OwnerResult.Conflict<Merchant>(
                new OwnerResult.Refusal(
                    OwnerResult.Refusal.Kind.PUBLISH_NEEDS_VERIFIED_DOMAIN, ACME)));
    assertThat(unlisted.listed()).isFalse();
    assertThat(store.row("acme").orElseThrow().listed()).isFalse();
    assertThat(store.row("acme").orElseThrow().tokens()).isEqualTo(TokenSet.NONE);
  }
}
