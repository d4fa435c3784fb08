package org.walletstate.domain.holding;

import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.ValidationException;

/**
 * A collection of NFTs as a family names it: its contract (an ERC-721 contract, a Solana mint or
 * verified collection mint, an XRPL issuer) in the family's signed form, and the family's filter
 * where it has one (an XRPL taxon).
 *
 * @param contract the signed form of the collection's contract or issuer
 * @param taxon the XRPL taxon filter, when given (0 to 4294967295)
 */
public record CollectionId(String contract, Optional<Long> taxon) {

  /** The largest taxon (an unsigned 32-bit number). */
  public static final long MAX_TAXON = 4_294_967_295L;

  public CollectionId {
    Objects.requireNonNull(contract, "contract");
    Objects.requireNonNull(taxon, "taxon");
    if (contract.equals("native")) {
      throw new ValidationException(
          "contractAddress native is not allowed on nft_ownership (native is valid only for"
              + " token_balance and ratio_to_amount)");
    }
    taxon.ifPresent(
        t -> {
          if (t < 0 || t > MAX_TAXON) {
            throw new ValidationException(
                "taxon must be an integer from 0 to 4294967295, not " + t);
          }
        });
  }

  /** A collection without a filter. */
  public static CollectionId of(String contract) {
    return new CollectionId(contract, Optional.empty());
  }
}
