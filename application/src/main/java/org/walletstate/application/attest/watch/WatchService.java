package org.walletstate.application.attest.watch;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.walletstate.application.account.port.in.Paid;
import org.walletstate.application.attest.port.in.AttestOutcome;
import org.walletstate.application.attest.port.in.AttestUseCase;
import org.walletstate.application.attest.watch.port.in.SubscribeOutcome;
import org.walletstate.application.attest.watch.port.in.Watch;
import org.walletstate.application.attest.watch.port.in.WatchCommand;
import org.walletstate.application.attest.watch.port.in.WatchDelivery;
import org.walletstate.application.attest.watch.port.in.WatchesUseCase;
import org.walletstate.application.attest.watch.port.out.WatchDeliveries;
import org.walletstate.application.attest.watch.port.out.WatchStore;
import org.walletstate.application.attest.watch.port.out.WebhookTargets;
import org.walletstate.application.port.out.Entropy;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Payer;
import org.walletstate.domain.attest.attestation.Attestation;
import org.walletstate.domain.attest.attestation.ConditionResult;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;

/**
 * {@link WatchesUseCase}: the webhook is checked and the key's watches counted before anything is
 * read; the first attestation is attest's own (read, signed and charged by {@link AttestUseCase}
 * with the key's credits), and only a signed one makes a watch.
 */
public final class WatchService implements WatchesUseCase {

  /** The prefix of a webhook secret (the Standard Webhooks convention). */
  static final String SECRET_PREFIX = "whsec_";

  /** Deliveries a history shows at most. */
  static final int HISTORY = 100;

  /**
   * How long a new watch's place among its key's watches is held for its first attestation (read
   * within the attest deadline of seconds); a place its watch never took lapses then.
   */
  static final Duration PLACE_HELD = Duration.ofMinutes(5);

  private final AttestUseCase attest;
  private final WatchStore store;
  private final WebhookTargets targets;
  private final WatchDeliveries deliveries;
  private final Entropy entropy;
  private final Clock clock;
  private final int maxPerKey;

  /**
   * @param maxPerKey the watches a key may have at once
   */
  public WatchService(
      AttestUseCase attest,
      WatchStore store,
      WebhookTargets targets,
      WatchDeliveries deliveries,
      Entropy entropy,
      Clock clock,
      int maxPerKey) {
    // Same constructor shape as WalletSignIn's and OpenPaymentIntent's by design: each is handed
    // only the ports it uses, and there is no logic to share.
    this.attest = attest;
    this.store = store;
    this.targets = targets;
    this.deliveries = deliveries;
    this.entropy = entropy;
    this.clock = clock;
    this.maxPerKey = maxPerKey;
  }

  @Override
  public Uni<SubscribeOutcome> subscribe(KeyAccount owner, WatchCommand command) {
    return targets
        .refusal(command.webhookUrl())
        .flatMap(
            refusal -> {
              if (refusal.isPresent()) {
                return Uni.createFrom()
                    .<SubscribeOutcome>item(new SubscribeOutcome.RefusedTarget(refusal.get()));
              }
              String id = "wch_" + HexFormat.of().formatHex(entropy.bytes(12));
              return store
                  .hold(owner.id(), id, maxPerKey, clock.instant().plus(PLACE_HELD))
                  .flatMap(
                      held ->
                          held
                              ? attested(owner, id, command)
                              : Uni.createFrom()
                                  .<SubscribeOutcome>item(new SubscribeOutcome.TooMany(maxPerKey)));
            });
  }

  private Uni<SubscribeOutcome> attested(KeyAccount owner, String id, WatchCommand command) {
    return attest
        .attest(new Payer.Credits(owner), command.attest())
        .flatMap(
            paid -> {
              // a key's credits never decline (Paid): anything else is a bug, not an outcome
              AttestOutcome outcome = ((Paid.Answered<AttestOutcome>) paid).outcome();
              if (!(outcome instanceof AttestOutcome.Signed signed)) {
                return store.release(id).replaceWith(new SubscribeOutcome.NotAttested(outcome));
              }
              return stored(owner, id, command, signed);
            })
        .onFailure()
        .call(() -> store.release(id));
  }

  private Uni<SubscribeOutcome> stored(
      KeyAccount owner, String id, WatchCommand command, AttestOutcome.Signed signed) {
    Attestation first = signed.attestation();
    Instant now = clock.instant();
    Watch watch =
        new Watch(
            id,
            owner.id(),
            command.webhookUrl(),
            command.deliverOn(),
            now,
            now.plus(command.lifetime()),
            Watch.Status.ACTIVE,
            "",
            first.pass(),
            first.results().stream().map(ConditionResult::met).toList(),
            first.id().value());
    String secret = SECRET_PREFIX + Base64.getEncoder().encodeToString(entropy.bytes(24));
    WatchStore.NewWatch row =
        new WatchStore.NewWatch(
            watch,
            command.requestJson(),
            command.attest().request().keyVersion(),
            secret,
            verdictBlock(first));
    return store.insert(row).replaceWith(new SubscribeOutcome.Subscribed(watch, secret, signed));
  }

  @Override
  public Uni<List<Watch>> watches(KeyAccount owner) {
    return store.list(owner.id());
  }

  @Override
  public Uni<Optional<Watch>> watch(KeyAccount owner, String id) {
    return store.find(owner.id(), id);
  }

  @Override
  public Uni<Optional<List<WatchDelivery>>> deliveries(KeyAccount owner, String id) {
    return store
        .find(owner.id(), id)
        .flatMap(
            found ->
                found.isEmpty()
                    ? Uni.createFrom().item(Optional.<List<WatchDelivery>>empty())
                    : deliveries.history(owner.id(), id, HISTORY).map(Optional::of));
  }

  @Override
  public Uni<Boolean> delete(KeyAccount owner, String id) {
    return store.delete(owner.id(), id);
  }

  /** The EVM block every result of {@code first} was read at, when it read one chain; or null. */
  private static Long verdictBlock(Attestation first) {
    Set<ChainId> chains = new HashSet<>();
    Set<Anchor> anchors = new HashSet<>();
    first
        .results()
        .forEach(
            r -> {
              chains.add(r.chainId());
              anchors.add(r.anchor());
            });
    if (chains.size() != 1
        || anchors.size() != 1
        || !(anchors.iterator().next() instanceof Anchor.EvmBlock block)) {
      return null;
    }
    return block.number().longValueExact();
  }
}
