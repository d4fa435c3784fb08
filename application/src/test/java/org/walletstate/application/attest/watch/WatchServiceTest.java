package org.walletstate.application.attest.watch;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.application.account.Charging;
import org.walletstate.application.account.Metering;
import org.walletstate.application.attest.AttestService;
import org.walletstate.application.attest.port.in.AttestOutcome;
import org.walletstate.application.attest.watch.port.in.SubscribeOutcome;
import org.walletstate.application.attest.watch.port.in.Watch;
import org.walletstate.application.attest.watch.port.in.WatchCommand;
import org.walletstate.application.attest.watch.port.in.WatchCommands;
import org.walletstate.application.attest.watch.port.in.WatchDelivery;
import org.walletstate.application.testing.CountingEntropy;
import org.walletstate.application.testing.MemoryCreditLedger;
import org.walletstate.application.testing.MemoryWatchDeliveries;
import org.walletstate.application.testing.MemoryWatchStore;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.application.testing.RecordingSigner;
import org.walletstate.application.testing.TableChainState;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.payload.KeyVersion;

/**
 * Watches through their port on the shared fakes, with attest itself for the first attestation: the
 * webhook and a place among the key's watches are taken before anything is read or charged; only a
 * signed first attestation makes a watch, charged once as an attestation; a key sees, lists, reads
 * the deliveries of and deletes only its own watches.
 */
class WatchServiceTest {

  static final KeyAccount OWNER = new KeyAccount(7, Plan.PRO, KeyVersion.V2, 1000);
  static final KeyAccount OTHER = new KeyAccount(9, Plan.PRO, KeyVersion.V2, 1000);
  static final ChainId BASE = ChainId.evm(8453);
  static final EvmAddress USDC = EvmAddress.of("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
  static final EvmAddress WALLET = EvmAddress.of("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045");
  static final int MAX_PER_KEY = 2;

  final MovableClock clock = new MovableClock("2026-11-28T07:00:00Z");
  final MemoryCreditLedger ledger =
      new MemoryCreditLedger().withBalance(OWNER.id(), 5).withBalance(OTHER.id(), 5);

  /** The wallet holds 5 USDC (6 decimals) on Base. */
  final TableChainState chains =
      new TableChainState(clock)
          .value(BASE, new EvmRead.Erc20BalanceOf(USDC, WALLET), BigInteger.valueOf(5_000_000))
          .value(BASE, new EvmRead.Erc20Decimals(USDC), TokenDecimals.of(6));

  final RecordingSigner signer = new RecordingSigner();
  final MemoryWatchStore store = new MemoryWatchStore();
  final MemoryWatchDeliveries deliveries = new MemoryWatchDeliveries();
  Optional<String> targetRefusal = Optional.empty();

  final WatchService service =
      new WatchService(
          new AttestService(
              chains,
              signer,
              Charging.keyCreditsOnly(new Metering(ledger, clock)),
              CountingEntropy.counting(),
              clock,
              Runnable::run),
          store,
          url -> Uni.createFrom().item(targetRefusal),
          deliveries,
          CountingEntropy.counting(),
          clock,
          MAX_PER_KEY);

  static WatchCommand command(String threshold) {
    String body =
        "{'wallet':'"
            + WALLET.checksummed()
            + "','conditions':[{'type':'token_balance','chainId':8453,'contractAddress':'"
            + USDC.checksummed()
            + "','threshold':'"
            + threshold
            + "'}],'webhookUrl':'https://hooks.example.com/w','deliver':'met'}";
    String json = body.replace('\'', '"');
    return WatchCommands.parse(Json.object(json), json, KeyVersion.V2);
  }

  SubscribeOutcome subscribe(KeyAccount key, String threshold) {
    return service.subscribe(key, command(threshold)).await().indefinitely();
  }

  Watch subscribed(KeyAccount key) {
    return ((SubscribeOutcome.Subscribed) subscribe(key, "1")).watch();
  }

  @Test
  void aWatch_isMadeFromASignedFirstAttestation_chargedOnceAsAnAttestation() {
    SubscribeOutcome outcome = subscribe(OWNER, "1");

    var subscribed = (SubscribeOutcome.Subscribed) outcome;
    Watch watch = subscribed.watch();
    AttestOutcome.Signed first = subscribed.first();
    assertThat(watch.id()).matches("wch_[0-9a-f]{24}");
    assertThat(watch.ownerKey()).isEqualTo(OWNER.id());
    assertThat(watch.webhookUrl()).isEqualTo(URI.create("https://hooks.example.com/w"));
    assertThat(watch.deliverOn()).isEqualTo(WatchCommand.DeliverOn.MET);
    assertThat(watch.createdAt()).isEqualTo(clock.instant());
    assertThat(watch.expiresAt()).isEqualTo(clock.instant().plus(Duration.ofDays(7)));
    assertThat(watch.status()).isEqualTo(Watch.Status.ACTIVE);
    assertThat(watch.pass()).isTrue();
    assertThat(watch.met()).containsExactly(true);
    assertThat(watch.attestationId()).isEqualTo(first.attestation().id().value());
    assertThat(subscribed.webhookSecret()).startsWith("whsec_");
    assertThat(first.creditsCharged()).isEqualTo(1);
    assertThat(ledger.charged()).isEqualTo(1);
    assertThat(ledger.debits()).singleElement().satisfies(d -> assertThat(d.keyId()).isEqualTo(7));
    assertThat(signer.attestations()).hasSize(1);
    assertThat(store.rows())
        .singleElement()
        .satisfies(
            row -> {
              assertThat(row.webhookSecret()).isEqualTo(subscribed.webhookSecret());
              assertThat(row.requestJson()).contains("\"webhookUrl\"");
              assertThat(row.keyVersion()).isEqualTo(KeyVersion.V2);
              assertThat(row.verdictBlock()).as("the first read's block").isEqualTo(100L);
            });
  }

  @Test
  void aConditionNotMet_isStillAWatch_withItsVerdict() {
    Watch watch = ((SubscribeOutcome.Subscribed) subscribe(OWNER, "6")).watch();

    assertThat(watch.pass()).isFalse();
    assertThat(watch.met()).containsExactly(false);
    assertThat(ledger.charged()).isEqualTo(1);
  }

  @Test
  void aRefusedWebhook_orAKeyAtItsLimit_readsAndChargesNothing() {
    targetRefusal = Optional.of("webhookUrl's host resolves to a private address");
    assertThat(subscribe(OWNER, "1"))
        .isEqualTo(
            new SubscribeOutcome.RefusedTarget("webhookUrl's host resolves to a private address"));
    assertThat(chains.observed()).isEmpty();

    targetRefusal = Optional.empty();
    subscribed(OWNER);
    subscribed(OWNER);
    int reads = chains.observed().size();
    assertThat(subscribe(OWNER, "1")).isEqualTo(new SubscribeOutcome.TooMany(MAX_PER_KEY));
    assertThat(chains.observed()).hasSize(reads);
    assertThat(ledger.charged()).isEqualTo(2);
    assertThat(store.rows()).hasSize(2);
    assertThat(subscribe(OTHER, "1"))
        .as("the limit is per key")
        .isInstanceOf(SubscribeOutcome.Subscribed.class);
  }

  @Test
  void anUnsignedFirstAttestation_makesNoWatch_andChargesNothing() {
    ledger.withBalance(OWNER.id(), 0);
    SubscribeOutcome broke = subscribe(OWNER, "1");
    assertThat(broke)
        .isEqualTo(new SubscribeOutcome.NotAttested(new AttestOutcome.InsufficientCredits(0, 1)));

    ledger.withBalance(OWNER.id(), 5);
    chains.down(BASE);
    SubscribeOutcome down = subscribe(OWNER, "1");
    assertThat(down).isInstanceOf(SubscribeOutcome.NotAttested.class);
    assertThat(((SubscribeOutcome.NotAttested) down).outcome())
        .isInstanceOf(AttestOutcome.Unavailable.class);

    assertThat(ledger.charged()).isZero();
    assertThat(signer.attestations()).isEmpty();
    assertThat(store.rows()).isEmpty();
    assertThat(store.places()).as("an unsigned first attestation gives its place back").isEmpty();
  }

  @Test
  void aSubscriptionRacingForTheLastPlace_losesBeforeAnythingIsReadOrCharged() {
    subscribed(OWNER);
    // another subscription of the key holds the last place while its first attestation is read
    assertThat(
            store
                .hold(OWNER.id(), "wch_in_flight", MAX_PER_KEY, clock.instant())
                .await()
                .indefinitely())
        .isTrue();
    int reads = chains.observed().size();

    assertThat(subscribe(OWNER, "1")).isEqualTo(new SubscribeOutcome.TooMany(MAX_PER_KEY));
    assertThat(chains.observed()).hasSize(reads);
    assertThat(ledger.charged()).as("only the first watch's attestation").isEqualTo(1);

    // the other one's attestation was refused: its place is free again
    store.release("wch_in_flight").await().indefinitely();
    assertThat(subscribe(OWNER, "1")).isInstanceOf(SubscribeOutcome.Subscribed.class);
    assertThat(store.places()).isEmpty();
  }

  @Test
  void aKey_seesListsAndDeletesOnlyItsOwnWatches() {
    Watch older = subscribed(OWNER);
    clock.advance(Duration.ofMinutes(1));
    Watch newer = subscribed(OWNER);
    Watch others = subscribed(OTHER);
    WatchDelivery delivery =
        new WatchDelivery(
            "msg_1",
            1,
            "att_1",
            "delivered",
            1,
            clock.instant(),
            Optional.of(clock.instant()),
            "HTTP 204",
            Optional.of(clock.instant()));
    deliveries.recorded(OWNER.id(), older.id(), delivery);

    assertThat(service.watches(OWNER).await().indefinitely()).containsExactly(newer, older);
    assertThat(service.watch(OWNER, older.id()).await().indefinitely()).contains(older);
    assertThat(service.watch(OWNER, others.id()).await().indefinitely()).isEmpty();
    assertThat(service.deliveries(OWNER, older.id()).await().indefinitely())
        .contains(List.of(delivery));
    assertThat(service.deliveries(OTHER, older.id()).await().indefinitely()).isEmpty();
    assertThat(service.delete(OTHER, older.id()).await().indefinitely()).isFalse();
    assertThat(service.watch(OWNER, older.id()).await().indefinitely()).contains(older);

    assertThat(service.delete(OWNER, older.id()).await().indefinitely()).isTrue();
    assertThat(service.delete(OWNER, older.id()).await().indefinitely()).isFalse();
    assertThat(service.watches(OWNER).await().indefinitely()).containsExactly(newer);
    assertThat(service.watches(OTHER).await().indefinitely()).containsExactly(others);
  }
}
