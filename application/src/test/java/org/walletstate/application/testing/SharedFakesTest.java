package org.walletstate.application.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.walletstate.application.attest.watch.port.in.Watch;
import org.walletstate.application.attest.watch.port.in.WatchCommand;
import org.walletstate.application.attest.watch.port.out.WatchStore;
import org.walletstate.application.commerce.port.out.MerchantStore.Creation;
import org.walletstate.application.commerce.port.out.MerchantStore.NewRow;
import org.walletstate.application.commerce.port.out.ScannerStore;
import org.walletstate.application.port.out.CreditLedger.Debit;
import org.walletstate.application.port.out.CreditLedger.DebitRequest;
import org.walletstate.application.port.out.CreditLedger.Refund;
import org.walletstate.application.port.out.CreditLedger.RefundRequest;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.NewMerchant;
import org.walletstate.domain.commerce.RegistryItem;
import org.walletstate.domain.commerce.RegistryQuery;
import org.walletstate.domain.commerce.RegistrySubmission;
import org.walletstate.domain.commerce.RegistryType;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;
import org.walletstate.domain.payload.KeyVersion;

/** The shared fakes keep the rules of the ports they stand in for. */
class SharedFakesTest {

  static final Instant NOW = Instant.parse("2026-11-28T07:00:00Z");
  static final EvmAddress TOKEN = EvmAddress.of("0x5FbDB2315678afecb367f032d93F642f64180aa3");
  static final EvmAddress WALLET = EvmAddress.of("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");

  static DebitRequest debit(long credits, String idempotencyKey) {
    return new DebitRequest(7, credits, "attest", "ATST-1", idempotencyKey, NOW);
  }

  @Test
  void ledger_debitsOncePerIdempotencyKey_neverBelowZero_andRefundsADebitOnce() {
    MemoryCreditLedger ledger = new MemoryCreditLedger().withBalance(7, 5);

    Debit first = ledger.debit(debit(3, "k1")).await().indefinitely();
    Debit again = ledger.debit(debit(3, "k1")).await().indefinitely();
    Debit tooMuch = ledger.debit(debit(3, "k2")).await().indefinitely();
    long entry = ((Debit.Applied) first).entryId();
    Refund refund = ledger.refund(new RefundRequest(7, entry, 1, "x", NOW)).await().indefinitely();
    Refund twice = ledger.refund(new RefundRequest(7, entry, 1, "x", NOW)).await().indefinitely();

    assertThat(first).isEqualTo(new Debit.Applied(entry, 2));
    assertThat(again).isEqualTo(new Debit.Replayed(entry, 2));
    assertThat(tooMuch).isEqualTo(new Debit.Insufficient(2, 3));
    assertThat(refund).isInstanceOf(Refund.Applied.class);
    assertThat(twice).isEqualTo(new Refund.AlreadyRefunded(3));
    assertThat(ledger.balanceOf(7)).isEqualTo(3);
    assertThat(ledger.charged()).isEqualTo(3);
    assertThat(ledger.refunded()).isEqualTo(1);
  }

  @Test
  void table_answersBothRoundsFromTheTable_andADownChainHasNoHead() {
    ChainId base = ChainId.evm(8453);
    EvmRead.Erc20Decimals decimals = new EvmRead.Erc20Decimals(TOKEN);
    EvmRead.Erc20BalanceOf balance = new EvmRead.Erc20BalanceOf(TOKEN, WALLET);
    TableChainState chains =
        new TableChainState(Clock.fixed(NOW, ZoneOffset.UTC)).value(base, balance, BigInteger.TEN);
    ChainQuery query =
        new ChainQuery(Set.of(decimals), firstRound -> Set.<ChainRead<?>>of(balance), Set.of());

    var observed = (ChainObservation.Observed) chains.observe(base, query).await().indefinitely();
    chains.down(base);
    var down = chains.observe(base, query).await().indefinitely();

    assertThat(observed.readings().reading(balance)).isEqualTo(new Reading.Value<>(BigInteger.TEN));
    assertThat(observed.readings().reading(decimals)).isInstanceOf(Reading.Unreadable.class);
    assertThat(observed.proofs()).isEqualTo(Map.of());
    assertThat(down).isInstanceOf(ChainObservation.HeadUnavailable.class);
    assertThat(chains.observed()).containsExactly(base, base);
  }

  static Merchant merchant(String id, String name, long owner, Optional<String> externalId) {
    return Merchant.create(
        new NewMerchant(CompanyId.parse(id), name, Optional.empty(), false, externalId),
        owner,
        externalId.isPresent(),
        NOW);
  }

  static Creation create(MemoryMerchantStore store, Merchant m, boolean allowName, int limit) {
    return store
        .create(new NewRow(m, NewMerchant.nameKey(m.companyName()), allowName, limit))
        .await()
        .indefinitely();
  }

  @Test
  void merchants_areCreatedUnderTheKeysLimit_uniqueByIdAndName_andUpsertedByExternalId() {
    MemoryMerchantStore store = new MemoryMerchantStore();
    Optional<String> ext = Optional.of("e-1");

    assertThat(create(store, merchant("aa", "Acme", 7, ext), false, 2))
        .isInstanceOf(Creation.Created.class);
    assertThat(create(store, merchant("bb", " acme ", 8, Optional.empty()), false, 2))
        .isEqualTo(new Creation.NameTaken());
    assertThat(create(store, merchant("aa", "Other", 8, Optional.empty()), false, 2))
        .isEqualTo(new Creation.IdTaken());
    assertThat(create(store, merchant("bb", "Acme", 8, Optional.empty()), true, 2))
        .isInstanceOf(Creation.Created.class);
    assertThat(create(store, merchant("cc", "Cafe", 8, Optional.empty()), false, 1))
        .isEqualTo(new Creation.LimitReached(1));
    assertThat(create(store, merchant("aa", "Acme Two", 7, ext), false, 1))
        .isEqualTo(new Creation.Upserted(store.row("aa").orElseThrow()));
    assertThat(store.row("aa").orElseThrow().companyName()).isEqualTo("Acme Two");
    assertThat(create(store, merchant("zz", "Zed", 7, ext), false, 5))
        .isEqualTo(new Creation.ExternalIdHeld(CompanyId.parse("aa")));
    assertThat(store.all()).hasSize(2);
  }

  static Watch watch(String id, long owner) {
    return new Watch(
        id,
        owner,
        URI.create("https://hooks.example.com"),
        WatchCommand.DeliverOn.PASS,
        NOW,
        NOW.plusSeconds(3600),
        Watch.Status.ACTIVE,
        "",
        true,
        List.of(true),
        "att");
  }

  @Test
  void watches_holdPlacesBelowTheLimit_andAreSeenOnlyByTheirOwner_newestFirst() {
    MemoryWatchStore store = new MemoryWatchStore();
    Instant until = NOW.plusSeconds(300);
    Function<Watch, Boolean> add =
        w -> {
          if (!store.hold(w.ownerKey(), w.id(), 2, until).await().indefinitely()) {
            return false;
          }
          store
              .insert(new WatchStore.NewWatch(w, "{}", KeyVersion.V2, "whsec_x", null))
              .await()
              .indefinitely();
          return true;
        };

    assertThat(add.apply(watch("w1", 7))).isTrue();
    assertThat(store.hold(7, "w2", 2, until).await().indefinitely()).isTrue();
    assertThat(store.hold(7, "w3", 2, until).await().indefinitely())
        .as("a held place counts like a watch")
        .isFalse();
    store.release("w2").await().indefinitely();
    assertThat(add.apply(watch("w2", 7))).isTrue();
    assertThat(add.apply(watch("w3", 7))).isFalse();
    assertThat(add.apply(watch("w4", 8))).isTrue();
    assertThat(store.places()).isEmpty();
    assertThat(store.list(7).await().indefinitely())
        .extracting(Watch::id)
        .containsExactly("w2", "w1");
    assertThat(store.find(8, "w1").await().indefinitely()).isEmpty();
    assertThat(store.delete(8, "w1").await().indefinitely()).isFalse();
    assertThat(store.delete(7, "w1").await().indefinitely()).isTrue();
    assertThat(store.list(7).await().indefinitely()).hasSize(1);
  }

  @Test
  void registry_holdsOneEntryPerChainAndAddress_andAnswersOnlyListedOnes() {
    MemoryTokenRegistry registry = new MemoryTokenRegistry();
    Chain base = ChainCatalogue.require(ChainId.evm(8453));
    Function<String, RegistrySubmission> token =
        address ->
            new RegistrySubmission(
                base,
                address,
                Optional.empty(),
                RegistryType.TOKEN,
                "USDC",
                Optional.empty(),
                Optional.of(6),
                Optional.empty(),
                "api");

    var first = registry.submit(token.apply(TOKEN.checksummed()), Optional.of(7L), NOW);
    var again = registry.submit(token.apply(TOKEN.lowercase()), Optional.empty(), NOW);
    registry.listed(token.apply(WALLET.checksummed()), NOW);
    var listed =
        registry.listed(new RegistryQuery(Optional.of(base), Optional.empty(), Optional.empty()));

    assertThat(first.await().indefinitely().duplicate()).isFalse();
    assertThat(again.await().indefinitely().duplicate()).isTrue();
    assertThat(registry.submittedBy(token.apply(TOKEN.checksummed()))).contains(7L);
    assertThat(listed.await().indefinitely())
        .extracting(RegistryItem::contractAddress)
        .containsExactly(WALLET.checksummed());
  }

  @Test
  void scanners_onlyTheOwners_eachPinOnce_andSessionsEndWithTheirScannerOrTime() {
    MemoryMerchantStore merchants =
        new MemoryMerchantStore().put(merchant("aa", "Acme", 7, Optional.empty()));
    MemoryScannerStore scanners = new MemoryScannerStore(merchants);
    CompanyId a = CompanyId.parse("aa");
    byte[] salt = scanners.salt(a, new byte[] {1}).await().indefinitely().orElseThrow();
    var scanner = new ScannerStore.NewScanner("scn_1", Optional.empty(), "h1", NOW);

    assertThat(scanners.salt(a, new byte[] {2}).await().indefinitely()).hasValue(salt);
    assertThat(scanners.salt(CompanyId.parse("xx"), salt).await().indefinitely()).isEmpty();
    assertThat(scanners.add(a, 8, scanner, 2).await().indefinitely())
        .isEqualTo(new ScannerStore.Added.NotOwner());
    assertThat(scanners.add(a, 7, scanner, 2).await().indefinitely())
        .isInstanceOf(ScannerStore.Added.Done.class);
    assertThat(scanners.add(a, 7, scanner, 2).await().indefinitely())
        .isEqualTo(new ScannerStore.Added.PinTaken());
    scanners.openSession(new byte[] {9}, a, "scn_1", NOW.plusSeconds(60), NOW);
    assertThat(scanners.session(new byte[] {9}, NOW.plusSeconds(59)).await().indefinitely())
        .contains(a);
    assertThat(scanners.session(new byte[] {9}, NOW.plusSeconds(60)).await().indefinitely())
        .isEmpty();
    assertThat(scanners.remove(a, 7, "scn_1").await().indefinitely())
        .isEqualTo(ScannerStore.Removed.DONE);
    assertThat(scanners.session(new byte[] {9}, NOW).await().indefinitely()).isEmpty();
  }

  @Test
  void renewals_answerTheirWalletUntilTheyExpire() {
    MemoryPassRenewals renewals = new MemoryPassRenewals();
    renewals.store(new byte[] {1}, WALLET, NOW.plusSeconds(60));

    assertThat(renewals.wallet(new byte[] {1}, NOW).await().indefinitely()).contains(WALLET);
    assertThat(renewals.wallet(new byte[] {1}, NOW.plusSeconds(60)).await().indefinitely())
        .isEmpty();
    assertThat(renewals.wallet(new byte[] {2}, NOW).await().indefinitely()).isEmpty();
  }
}
