package org.walletstate.application.account;

import io.smallrye.mutiny.Context;
import java.time.Duration;

/**
 * What the transparency log's append cost a call whose key debit {@link Charging} ran beside it:
 * the time the answer waited on the append after the debit was done (zero when the append finished
 * first). The rest of the call is not slowed by the append, so this is the append's whole cost to
 * the call's latency.
 */
@FunctionalInterface
public interface AppendWait {

  /** Tells nothing. */
  AppendWait NONE = (context, waited) -> {};

  /**
   * @param context the Mutiny context of the call's subscription (where a request's timings travel)
   * @param waited how long the answer waited on the append after the debit
   */
  void waited(Context context, Duration waited);
}
