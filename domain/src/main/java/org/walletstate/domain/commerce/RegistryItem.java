package org.walletstate.domain.commerce;

import java.time.Instant;
import java.util.Optional;

/**
 * One entry of the token registry as stored.
 *
 * @param chainId wire chain id (a Long for EVM chains, a String otherwise)
 * @param contractAddress the contract, mint or issuer ({@code native} for native assets)
 * @param currency XRPL or Stellar currency of an issued asset
 * @param type token or nft
 * @param symbol its symbol
 * @param name its name
 * @param decimals tokens' decimals
 * @param logo https URL
 * @param status listed, pending or rejected
 * @param source the provenance tag
 * @param createdAt when it was seeded or submitted
 */
public record RegistryItem(
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
