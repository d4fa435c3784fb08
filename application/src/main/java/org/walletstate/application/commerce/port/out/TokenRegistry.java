package org.walletstate.application.commerce.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.walletstate.domain.commerce.RegistryItem;
import org.walletstate.domain.commerce.RegistryQuery;
import org.walletstate.domain.commerce.RegistrySubmission;

/** The public registry of tokens and NFT collections, with its pending submissions. */
public interface TokenRegistry {

  /** Listed entries matching the query, in a stable order (chain, symbol, address). */
  Uni<List<RegistryItem>> listed(RegistryQuery query);

  /** Records a pending submission once per chain and address; a repeat returns the first. */
  Uni<Submitted> submit(RegistrySubmission submission, Optional<Long> keyId, Instant at);

  /**
   * @param entry the stored entry
   * @param duplicate whether it existed before this submission
   */
  record Submitted(RegistryItem entry, boolean duplicate) {}
}
