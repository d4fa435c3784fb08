package org.walletstate.domain.commerce;

import java.util.Optional;
import org.walletstate.domain.chain.Chain;

/**
 * {@code POST /v1/registry/submit}: a token or NFT collection proposed for the public registry. It
 * is recorded as pending; a reviewer lists or rejects it. One entry per chain and address (for XRP
 * Ledger tokens, issuer and currency): a second submission of the same one changes nothing.
 *
 * @param chain a merchant-configuration chain
 * @param contractAddress normal form (never native: native assets are listed already)
 * @param currency XRPL trust-line tokens only
 * @param type token or nft
 * @param symbol 1 to 20 characters
 * @param name up to 100 characters
 * @param decimals tokens: 0 to 18
 * @param logo https URL
 * @param source the provenance tag: who or what submitted it ({@code api} when not given)
 */
public record RegistrySubmission(
    Chain chain,
    String contractAddress,
    Optional<String> currency,
    RegistryType type,
    String symbol,
    Optional<String> name,
    Optional<Integer> decimals,
    Optional<String> logo,
    String source) {

  public static final String DEFAULT_SOURCE = "api";

  /** The address the registry is unique by: the contract, or issuer and currency on XRPL. */
  public String registryAddress() {
    return RegistryEntry.address(chain, contractAddress, currency);
  }
}
