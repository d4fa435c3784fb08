package org.walletstate.domain.commerce;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.XrplTaxon;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

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

  public static NftCollection parse(Fields fields) {
    String name = Members.requiredText(fields, "name", NAME_MAX);
    Chain chain = MerchantChains.parse(fields.get("chainId"), fields.path("chainId"));
    String contract =
        MerchantChains.contract(
            chain, fields.requiredText("contractAddress"), fields.path("contractAddress"), false);
    BenefitType benefit = BenefitType.DISCOUNT;
    Optional<String> benefitText = fields.optionalText("benefitType");
    if (benefitText.isPresent()) {
      benefit =
          switch (benefitText.get()) {
            case "discount" -> BenefitType.DISCOUNT;
            case "recognition" -> BenefitType.RECOGNITION;
            default ->
                throw new ValidationException(
                    fields.path("benefitType")
                        + " must be discount or recognition, got \""
                        + Members.abbreviate(benefitText.get())
                        + "\"");
          };
    }
    Optional<Integer> discount = Optional.empty();
    if (fields.has("discount") || benefit == BenefitType.DISCOUNT) {
      discount = Optional.of(Discounts.tierOrNft(fields.get("discount"), fields.path("discount")));
    }
    boolean enabled = Members.bool(fields, "enabled", true);
    Optional<Long> taxon = Optional.empty();
    if (fields.has("taxon")) {
      if (chain.family() != ChainFamily.XRPL) {
        throw new ValidationException(fields.path("taxon") + " is for XRP Ledger collections only");
      }
      RequestValue raw = fields.get("taxon");
      String digits =
          raw instanceof RequestValue.Number n
              ? n.literal()
              : raw instanceof RequestValue.Text t ? t.value() : null;
      if (digits == null) {
        throw new ValidationException(
            fields.path("taxon") + " must be an integer from 0 to 4294967295, not " + raw.kind());
      }
      taxon = Optional.of(XrplTaxon.parse(digits, fields.path("taxon")).value());
    }
    return new NftCollection(name, chain, contract, discount, benefit, enabled, taxon);
  }

  /** {@code PUT /v1/merchants/{id}/nfts}: the whole list, required, at most 4. */
  public static List<NftCollection> parseList(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    if (!fields.has("nftCollections")) {
      throw new ValidationException(
          "nftCollections is required (send [] to remove every collection)");
    }
    RequestValue.Arr array = Members.array(fields, "nftCollections").orElseThrow();
    if (array.items().size() > MAX_COLLECTIONS) {
      throw new ValidationException(
          "nftCollections may hold at most "
              + MAX_COLLECTIONS
              + " collections (got "
              + array.items().size()
              + ")");
    }
    List<NftCollection> list = new ArrayList<>();
    for (int i = 0; i < array.items().size(); i++) {
      list.add(parse(Members.element(array, i, "nftCollections")));
    }
    return List.copyOf(list);
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
