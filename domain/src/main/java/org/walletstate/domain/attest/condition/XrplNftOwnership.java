package org.walletstate.domain.attest.condition;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.XrplAddress;
import org.walletstate.domain.address.XrplTaxon;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.holding.OwnershipRead;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;
import org.walletstate.domain.xrpl.XrplRead;

/**
 * {@code nft_ownership} on the XRP Ledger: the wallet owns at least one NFT whose issuer is {@code
 * contractAddress}, of {@code taxon} when given. The taxon, when given, is signed in the condition
 * (as a number) so that its hash binds the filter.
 */
public record XrplNftOwnership(Chain chain, XrplAddress issuer, Optional<XrplTaxon> taxon)
    implements XrplCondition {

  public XrplNftOwnership {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(issuer, "issuer");
    Objects.requireNonNull(taxon, "taxon");
  }

  @Override
  public ConditionType type() {
    return NftOwnership.TYPE;
  }

  static XrplNftOwnership parse(Fields fields, KeyVersion key, Chain chain) {
    String text = fields.requiredText("contractAddress");
    if (text.equals("native")) {
      throw new ValidationException(
          fields.path("contractAddress")
              + " native is not allowed on nft_ownership (native is valid only for token_balance"
              + " and ratio_to_amount)");
    }
    XrplAddress issuer = XrplAddress.parse(text, fields.path("contractAddress"));
    return new XrplNftOwnership(chain, issuer, taxon(fields));
  }

  private static Optional<XrplTaxon> taxon(Fields fields) {
    if (!fields.has("taxon")) {
      return Optional.empty();
    }
    RequestValue raw = fields.get("taxon");
    String field = fields.path("taxon");
    if (raw instanceof RequestValue.Number number) {
      return Optional.of(XrplTaxon.parse(number.literal(), field));
    }
    if (raw instanceof RequestValue.Text text) {
      return Optional.of(XrplTaxon.parse(text.value(), field));
    }
    throw new ValidationException(
        field
            + " must be an integer from 0 to 4294967295 (a number or a digit string), not "
            + raw.kind());
  }

  @Override
  public Set<XrplRead<?>> reads(XrplAddress wallet) {
    return Set.of((XrplRead<?>) held(wallet).read());
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<XrplAddress> context) {
    OwnershipRead<?> ownership = held(context.wallet());
    Optional<Boolean> held = ownership.holds(context.readings());
    if (held.isEmpty()) {
      String detail =
          context.readings().reading(ownership.read()) instanceof Reading.Unreadable<?> unreadable
                  && unreadable.detail().startsWith(XrplRead.NftHeld.TOO_MANY)
              ? XrplRead.NftHeld.TOO_MANY
              : "NFT holdings could not be read";
      return new ConditionVerdict.Unavailable(FailureSource.BALANCE_READ, detail);
    }
    PayloadValue.ObjBuilder shape =
        EvaluatedConditions.begin(type(), chain)
            .put("contractAddress", issuer.text())
            .put("operator", "gt")
            .put("threshold", 0);
    taxon.ifPresent(t -> shape.put("taxon", t.value()));
    return new ConditionVerdict.Decided(held.get(), shape.build(), PayloadValue.object());
  }

  /** Whether {@code wallet} owns one of the issuer's NFTs (of the taxon): the family's read. */
  private OwnershipRead<?> held(XrplAddress wallet) {
    return NftOwnership.ownership(chain, issuer.text(), taxon.map(XrplTaxon::value), wallet);
  }

  @Override
  public ProofRequirement proof(XrplAddress wallet) {
    return XrplCondition.noProof(chain);
  }
}
