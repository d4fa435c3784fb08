package org.walletstate.application.commerce.port.in;

import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.XrplTaxon;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.commerce.Members;
import org.walletstate.domain.commerce.NftCollection;
import org.walletstate.domain.commerce.NftCollection.BenefitType;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * Reads one collection object of {@code PUT /v1/merchants/{id}/nfts}; the stored form is the same
 * object.
 */
public final class NftCollections {

  private NftCollections() {}

  // Opens as TokenConfigs.parse does by design: both read their chain and contract through the
  // shared BodyMembers readers, and the members after those are each object's own.
  /** Reads one collection object; a collection's contract is never native. */
  public static NftCollection parse(Fields fields) {
    String name = BodyMembers.requiredText(fields, "name", NftCollection.NAME_MAX);
    Chain chain = BodyMembers.chainId(fields);
    String contract = BodyMembers.contractAddress(fields, chain, false);
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
      discount =
          Optional.of(BodyMembers.tierOrNft(fields.get("discount"), fields.path("discount")));
    }
    boolean enabled = BodyMembers.bool(fields, "enabled", true);
    Optional<Long> taxon = Optional.empty();
    if (fields.has("taxon")) {
      if (chain.family() != ChainFamily.XRPL) {
        throw new ValidationException(fields.path("taxon") + " is for XRP Ledger collections only");
      }
      taxon = Optional.of(taxon(fields.get("taxon"), fields.path("taxon")));
    }
    return new NftCollection(name, chain, contract, discount, benefit, enabled, taxon);
  }

  private static long taxon(RequestValue raw, String path) {
    String digits =
        raw instanceof RequestValue.Number n
            ? n.literal()
            : raw instanceof RequestValue.Text t ? t.value() : null;
    if (digits == null) {
      throw new ValidationException(
          path + " must be an integer from 0 to 4294967295, not " + raw.kind());
    }
    return XrplTaxon.parse(digits, path).value();
  }
}
