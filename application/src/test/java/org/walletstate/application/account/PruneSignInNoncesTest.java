package org.walletstate.application.account;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walletstate.application.port.out.UsedSignInNonces;
import org.walletstate.domain.siwe.SignInCheck;

class PruneSignInNoncesTest {

  private static final Instant NOW = Instant.parse("2026-11-28T04:00:00Z");

  /** Used nonces as their use times; forgets the oldest first, like the table's index. */
  private static final class Used implements UsedSignInNonces {
    final List<Instant> rows = new ArrayList<>();
    final List<Instant> cutoffs = new ArrayList<>();

    @Override
    public Uni<Integer> forgetUsedBefore(Instant usedBefore, int limit) {
      cutoffs.add(usedBefore);
      List<Instant> doomed =
          rows.stream().filter(t -> t.isBefore(usedBefore)).sorted().limit(limit).toList();
      rows.removeAll(doomed);
      return Uni.createFrom().item(doomed.size());
    }
  }

  private static PruneSignInNonces prune(Used used, int batchSize, int batches) {
    return new PruneSignInNonces(used, Clock.fixed(NOW, ZoneOffset.UTC), batchSize, batches);
  }

  @Test
  void forgetsOnlyNoncesOlderThanTheRetention_inBatches() {
    Used used = new Used();
    for (int i = 0; i < 7; i++) {
      used.rows.add(NOW.minus(SignInCheck.NONCE_RETENTION).minusSeconds(1 + i));
    }
    Instant live = NOW.minus(SignInCheck.WINDOW).minus(SignInCheck.SKEW);
    used.rows.add(live);
    used.rows.add(NOW.minusSeconds(5));

    int forgotten = prune(used, 3, 10).runOnce().await().indefinitely();

    assertThat(forgotten).isEqualTo(7);
    assertThat(used.rows).containsExactlyInAnyOrder(live, NOW.minusSeconds(5));
    // 3 + 3 + 1: it stops at the first batch that is not full
    assertThat(used.cutoffs).hasSize(3).containsOnly(NOW.minus(SignInCheck.NONCE_RETENTION));
  }

  @Test
  void oneRunIsBounded_theRestWaitsForTheNext() {
    Used used = new Used();
    for (int i = 0; i < 10; i++) {
      used.rows.add(NOW.minus(SignInCheck.NONCE_RETENTION).minusSeconds(60 + i));
    }
    assertThat(prune(used, 2, 3).runOnce().await().indefinitely()).isEqualTo(6);
    assertThat(used.rows).hasSize(4);
    assertThat(prune(used, 2, 3).runOnce().await().indefinitely()).isEqualTo(4);
    assertThat(used.rows).isEmpty();
  }

  @Test
  void theRetentionOutlastsEveryMessageThatCouldStillBeAccepted() {
    assertThat(SignInCheck.NONCE_RETENTION)
        .isGreaterThan(SignInCheck.WINDOW.plus(SignInCheck.SKEW).multipliedBy(2));
  }
}
