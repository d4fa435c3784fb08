package org.walletstate.application.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BatchesTest {

  /** A table of {@code rows} rows that each batch deletes up to its limit of. */
  private static final class Rows {
    int left;
    final List<Integer> limits = new ArrayList<>();

    Rows(int left) {
      this.left = left;
    }

    Uni<Integer> delete(int limit) {
      limits.add(limit);
      int n = Math.min(limit, left);
      left -= n;
      return Uni.createFrom().item(n);
    }
  }

  @Test
  void aRun_stopsAtTheFirstBatchThatIsNotFull() {
    Rows rows = new Rows(25);

    int handled = Batches.drain(rows::delete, 10, 50).await().indefinitely();

    assertThat(handled).isEqualTo(25);
    assertThat(rows.limits).containsExactly(10, 10, 10);
    assertThat(rows.left).isZero();
  }

  @Test
  void aRun_makesAtMostItsBatches_andLeavesTheRestForTheNext() {
    Rows rows = new Rows(1_000);

    int handled = Batches.drain(rows::delete, 10, 3).await().indefinitely();

    assertThat(handled).isEqualTo(30);
    assertThat(rows.limits).hasSize(3);
    assertThat(rows.left).isEqualTo(970);
  }

  @Test
  void anEmptyTable_costsOneBatch() {
    Rows rows = new Rows(0);

    assertThat(Batches.drain(rows::delete, 10, 3).await().indefinitely()).isZero();
    assertThat(rows.limits).containsExactly(10);
  }

  @Test
  void sizesBelowOne_areRefused() {
    assertThatThrownBy(() -> Batches.drain(limit -> Uni.createFrom().item(0), 0, 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Batches.drain(limit -> Uni.createFrom().item(0), 1, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
