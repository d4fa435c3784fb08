package org.walletstate.application.commerce;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.walletstate.application.commerce.port.in.CreateMerchantCommands;
import org.walletstate.application.commerce.port.in.CreateMerchantUseCase.Outcome;
import org.walletstate.application.testing.MemoryCreditLedger;
import org.walletstate.application.testing.MemoryMerchantStore;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.MerchantLimits;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Creating a store on the shared fakes: owned by the calling key, free (its balance is only
 * reported), unique by id and (unless allowed) by name, at most {@link MerchantLimits#PER_KEY} per
 * key; externalId is a partner key's, and upserts its store.
 */
class CreateMerchantServiceTest {

  static final KeyAccount KEY = new KeyAccount(7, Plan.PRO, KeyVersion.V2, 1000);
  static final KeyAccount PARTNER = new KeyAccount(8, Plan.PRO, KeyVersion.V2, 1000);
  static final KeyAccount OTHER = new KeyAccount(9, Plan.PRO, KeyVersion.V2, 1000);

  final MovableClock clock = new MovableClock("2026-11-28T07:00:00Z");
  final MemoryMerchantStore store = new MemoryMerchantStore().partner(PARTNER.id());
  final MemoryCreditLedger ledger = new MemoryCreditLedger().withBalance(KEY.id(), 42);
  final CreateMerchantService service = new CreateMerchantService(store, ledger, clock);

  Outcome create(KeyAccount key, String body) {
    return service
        .create(key, CreateMerchantCommands.newMerchant(Json.object(body.replace('\'', '"'))))
        .await()
        .indefinitely();
  }

  @Test
  void aStore_isCreatedForTheCallingKey_forFree() {
    Outcome outcome = create(KEY, "{'companyName':'Acme Coffee','companyId':'acme'}");

    Merchant stored = store.row("acme").orElseThrow();
    assertThat(outcome).isEqualTo(new Outcome.Stored(stored, 42, true));
    assertThat(stored.ownedBy(KEY.id())).isTrue();
    assertThat(stored.partnerProvisioned()).isFalse();
    assertThat(stored.createdAt()).isEqualTo(clock.instant());
    assertThat(stored.listed()).isFalse();
    assertThat(ledger.debits()).as("creating a store costs nothing").isEmpty();
  }

  @Test
  void anIdOrANameInUse_isRefused_unlessTheNameIsAllowedTwice() {
    create(KEY, "{'companyName':'Acme Coffee','companyId':'acme'}");

    Outcome sameId = create(OTHER, "{'companyName':'Other','companyId':'acme'}");
    Outcome sameName = create(OTHER, "{'companyName':'  ACME   coffee ','companyId':'acme-2'}");
    Outcome allowed =
        create(
            OTHER, "{'companyName':'Acme Coffee','companyId':'acme-3','allowDuplicateName':true}");

    assertThat(sameId).isEqualTo(new Outcome.IdTaken(CompanyId.parse("acme")));
    assertThat(sameName).isEqualTo(new Outcome.NameTaken("ACME   coffee"));
    assertThat(allowed).isInstanceOf(Outcome.Stored.class);
    assertThat(store.row("acme").orElseThrow().ownedBy(KEY.id())).isTrue();
    assertThat(store.row("acme-2")).isEmpty();
  }

  @Test
  void aKey_ownsAtMostTenStores_aPartnerKeyMore() {
    for (int i = 0; i < MerchantLimits.PER_KEY; i++) {
      assertThat(create(KEY, "{'companyName':'Shop " + i + "','companyId':'shop-" + i + "'}"))
          .isInstanceOf(Outcome.Stored.class);
      assertThat(create(PARTNER, "{'companyName':'Partner " + i + "','companyId':'p-" + i + "'}"))
          .isInstanceOf(Outcome.Stored.class);
    }

    Outcome eleventh = create(KEY, "{'companyName':'Shop 10','companyId':'shop-10'}");
    Outcome partners = create(PARTNER, "{'companyName':'Partner 10','companyId':'p-10'}");

    assertThat(eleventh).isEqualTo(new Outcome.LimitReached(MerchantLimits.PER_KEY));
    assertThat(store.row("shop-10")).isEmpty();
    assertThat(partners).isInstanceOf(Outcome.Stored.class);
    assertThat(store.row("p-10").orElseThrow().partnerProvisioned()).isTrue();
  }

  @Test
  void externalId_isAPartnerKeys_andUpsertsItsStore() {
    Outcome notPartner =
        create(KEY, "{'companyName':'Acme','companyId':'acme','externalId':'shop-1'}");
    assertThat(notPartner).isEqualTo(new Outcome.ExternalIdNotAllowed());
    assertThat(store.all()).isEmpty();

    Outcome first =
        create(PARTNER, "{'companyName':'Acme','companyId':'acme','externalId':'shop-1'}");
    Outcome again =
        create(
            PARTNER,
            "{'companyName':'Acme Two','companyId':'acme','externalId':'shop-1',"
                + "'location':'Berlin'}");
    Outcome otherId =
        create(PARTNER, "{'companyName':'Acme','companyId':'acme-x','externalId':'shop-1'}");

    assertThat(((Outcome.Stored) first).created()).isTrue();
    assertThat(((Outcome.Stored) again).created()).isFalse();
    Merchant upserted = store.row("acme").orElseThrow();
    assertThat(upserted.companyName()).isEqualTo("Acme Two");
    assertThat(upserted.location()).contains("Berlin");
    assertThat(((Outcome.Stored) again).merchant()).isEqualTo(upserted);
    assertThat(otherId).isEqualTo(new Outcome.ExternalIdHeld(CompanyId.parse("acme")));
    assertThat(store.all()).hasSize(1);
  }
}
