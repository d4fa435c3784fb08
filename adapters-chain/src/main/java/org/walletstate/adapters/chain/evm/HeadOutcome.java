package org.walletstate.adapters.chain.evm;

import java.util.Objects;

/** What became of reading a chain's head: the block, or why there is none. */
public sealed interface HeadOutcome permits HeadOutcome.Read, HeadOutcome.Failed {

  // Null checks written out by design: a value checks its own parts on construction.
  record Read(BlockHead head) implements HeadOutcome {
    public Read {
      Objects.requireNonNull(head, "head");
    }
  }

  /**
   * @param detail for operators' logs only
   */
  record Failed(String detail) implements HeadOutcome {
    public Failed {
      Objects.requireNonNull(detail, "detail");
    }
  }
}
