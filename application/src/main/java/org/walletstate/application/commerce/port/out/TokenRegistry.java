package org.walletstate.application.commerce.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.walletstate.domain.commerce.RegistryQuery;
import org.walletstate.domain.commerce.RegistrySubmission;

/** The public registry of tokens and NFT collections, with its pending submissions. */
public interface TokenRegistry {

  /** Listed entries matching the query, in a stable order (chain, symbol, address). */
  Uni<List<Entry>> listed(RegistryQuery query);

  /** Records a pending submission once per chain and address; a repeat returns the first. */
  Uni<Submitted> submit(RegistrySubmission submission, Optional<Long> keyId, Instant at);

  /**
   * One entry.
   *
   * @param chainId wire chain id (a Long for EVM chains, a String otherwise)
   */
  record Entry(
      Object chainId,
      String contractAddress,
      Optional<String> currency,
      String type,
      String symbol,
      Optional<String> name,
      Optional<Integer> decimals,
      Optional<String> logo,
      String status,
      String source,
      Instant createdAt) {}

  /**
   * @param entry the stored entry
   * @param duplicate whether it existed before this submission
   */
  record Submitted(Entry entry, boolean duplicate) {}
}
