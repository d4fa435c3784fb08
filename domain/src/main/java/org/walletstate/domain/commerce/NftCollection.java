package org.walletstate.domain.commerce;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.walletstate.domain.chain.Chain;

/**
 * An NFT collection a store recognises.
 *
 * @param name 1 to 50 characters
 * @param chain a merchant-configuration chain
 * @param contractAddress the EVM contract, the Solana mint (or collection), the XRPL issuer
 * @param discount whole percent 1 to 50; empty only for recognition
 * @param benefitType discount (default) or recognition
 * @param enabled false switches it off
 * @param taxon XRPL only
 */
public record NftCollection(
    String name,
    Chain chain,
    String contractAddress,
    Optional<Integer> discount,
    BenefitType benefitType,
    boolean enabled,
    Optional<Long> taxon) {

  public static final int MAX_COLLECTIONS = 4;
  public static final int NAME_MAX = 50;

  /** What holding the collection gives. */
  public enum BenefitType {
    DISCOUNT,
    RECOGNITION;

    public String wireName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public Map<String, Object> wire() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name);
    m.put("contractAddress", contractAddress);
    m.put("chainId", chain.id().wireValue());
    m.put("discount", discount.orElse(null));
    m.put("benefitType", benefitType.wireName());
    m.put("enabled", enabled);
    taxon.ifPresent(t -> m.put("taxon", t));
    return m;
  }
}
