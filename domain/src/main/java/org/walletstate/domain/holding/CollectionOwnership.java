package org.walletstate.domain.holding;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Readings;

/**
 * Whether a wallet holds one of a collection, as a condition asks it of a family: the reads, and
 * how their answers become held or not, unread, or a contract that is no collection of the kind the
 * family reads (an ERC-20 named as an ERC-721 collection, a Metaplex Core asset). Each family
 * decides its own checks and their order ({@link FamilyHoldings#collectionOwnership}).
 *
 * @param reads every read the answer needs, in the order they are asked
 * @param answer the answer from readings that include every one of {@code reads}
 */
public record CollectionOwnership(Set<ChainRead<?>> reads, Function<Readings, Answer> answer) {

  public CollectionOwnership {
    reads = Collections.unmodifiableSet(new LinkedHashSet<>(reads));
    Objects.requireNonNull(answer, "answer");
  }

  /** The answer from the readings of {@link #reads}. */
  public Answer answer(Readings readings) {
    return answer.apply(readings);
  }

  /** What the readings say. */
  public sealed interface Answer {}

  /** Read: whether one is held. */
  public record Held(boolean held) implements Answer {}

  /** A read did not complete. */
  public record Unread(FailureSource source, String detail) implements Answer {
    public Unread {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(detail, "detail");
    }
  }

  /**
   * The contract is not a collection of the kind the family reads; {@code reason} follows the
   * contract in the refusal ({@code 0x… is not an ERC-721 collection: …}).
   */
  public record NotACollection(String reason) implements Answer {
    public NotACollection {
      Objects.requireNonNull(reason, "reason");
    }
  }

  /**
   * The answer of one ownership read and nothing else: held as it says, or unread with {@code
   * detail}.
   */
  public static CollectionOwnership of(OwnershipRead<?> ownership, String detail) {
    return new CollectionOwnership(
        Set.of(ownership.read()),
        readings ->
            ownership
                .holds(readings)
                .<Answer>map(Held::new)
                .orElseGet(() -> new Unread(FailureSource.BALANCE_READ, detail)));
  }
}
