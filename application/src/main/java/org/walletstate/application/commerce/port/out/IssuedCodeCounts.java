package org.walletstate.application.commerce.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import org.walletstate.domain.commerce.CompanyId;

/** How many discount codes a store has issued: the owner's status shows the day's count. */
public interface IssuedCodeCounts {

  /**
   * The codes stored for {@code store} at or after {@code since}, whichever key asked for them and
   * whatever their discount (a code of 0 % included).
   */
  Uni<Long> issuedSince(CompanyId store, Instant since);
}
