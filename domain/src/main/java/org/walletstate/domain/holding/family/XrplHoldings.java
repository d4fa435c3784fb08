package org.walletstate.domain.holding.family;

import java.math.BigInteger;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.XrplAddress;
import org.walletstate.domain.address.XrplCurrency;
import org.walletstate.domain.address.XrplTaxon;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.Balance;
import org.walletstate.domain.holding.CollectionId;
import org.walletstate.domain.holding.CollectionOwnership;
import org.walletstate.domain.holding.HoldingFailure;
import org.walletstate.domain.holding.HoldingRead;
import org.walletstate.domain.holding.OwnershipRead;
import org.walletstate.domain.holding.Scale;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;
import org.walletstate.domain.xrpl.TrustLineHolding;
import org.walletstate.domain.xrpl.XrplRead;

/**
 * The XRP Ledger: XRP in drops (6 decimals), or a trust-line token (the holder's line to the issuer
 * in {@code currency}), whose balance is in the token's own units (no decimals on the ledger). A
 * line the issuer froze, or an issuer with a global freeze, is frozen: not usable, whatever it
 * holds, and every feature says so with {@code trustLineState {frozen}}.
 */
final class XrplHoldings extends FamilyIdentity<XrplAddress>
    implements IssuedAssetFamily<XrplAddress> {

  private static final IssuedAssets ASSETS =
      new IssuedAssets(
          "currency",
          "XRP",
          "trust-line tokens",
          "an XRPL trust-line token",
          "XRP takes no currency",
          "an XRPL token has a currency",
          (text, field) -> XrplAddress.parse(text, field).text(),
          (text, field) -> XrplCurrency.parse(text, field).entered());
  private static final HoldingFailure ISSUER =
      HoldingFailure.of(
          FailureSource.TOKEN_METADATA_READ, "the token issuer's account could not be read");
  private static final HoldingFailure LINE =
      HoldingFailure.of(FailureSource.BALANCE_READ, "trust line balance could not be read");
  private static final HoldingFailure DROPS =
      HoldingFailure.of(FailureSource.BALANCE_READ, "XRP balance could not be read");

  XrplHoldings() {
    super(ChainFamily.XRPL, XrplAddress.class);
  }

  @Override
  public IssuedAssets assets() {
    return ASSETS;
  }

  @Override
  public boolean freezable(Asset asset) {
    return asset instanceof Asset.Issued;
  }

  @Override
  public Scale scale(Chain chain, Asset asset) {
    if (asset instanceof Asset.Issued) {
      return new Scale.Unscaled(
          " does not apply: XRPL trust-line tokens have no decimals on the ledger (amounts"
              + " are in the token's own units); leave it out");
    }
    return new Scale.Fixed(FamilyAssets.nativeDecimals(chain));
  }

  @Override
  public Set<ChainRead<?>> decimalsReads(Asset asset) {
    return Set.of();
  }

  @Override
  public Set<ChainRead<?>> balanceReads(Asset asset, XrplAddress wallet) {
    if (asset instanceof Asset.Issued issued) {
      return new LinkedHashSet<>(List.of(line(issued, wallet), issuerFrozen(issued)));
    }
    return Set.of(new XrplRead.XrpDrops(wallet));
  }

  @Override
  public HoldingRead<TokenDecimals> decimals(Asset asset, Readings readings) {
    throw new IllegalArgumentException("XRPL decimals are never read");
  }

  @Override
  public HoldingRead<Balance> balance(Asset asset, XrplAddress wallet, Readings readings) {
    if (!(asset instanceof Asset.Issued issued)) {
      Reading<BigInteger> drops = readings.reading(new XrplRead.XrpDrops(wallet));
      return HoldingRead.of(drops, DROPS).map(Balance::of);
    }
    Reading<Boolean> issuer = readings.reading(issuerFrozen(issued));
    if (!(issuer instanceof Reading.Value<Boolean> issuerFrozen)) {
      return new HoldingRead.Failed<>(ISSUER);
    }
    return HoldingRead.of(readings.reading(line(issued, wallet)), LINE)
        .map(
            (TrustLineHolding held) ->
                new Balance(held.balance(), Optional.of(issuerFrozen.value() || held.frozen())));
  }

  private static XrplRead.TrustLine line(Asset.Issued issued, XrplAddress wallet) {
    return new XrplRead.TrustLine(
        wallet, XrplAddress.of(issued.issuer()), XrplCurrency.of(issued.code()));
  }

  private static XrplRead.IssuerFrozen issuerFrozen(Asset.Issued issued) {
    return new XrplRead.IssuerFrozen(XrplAddress.of(issued.issuer()));
  }

  @Override
  public Optional<OwnershipRead<?>> ownership(
      String collection, Optional<Long> taxon, XrplAddress wallet) {
    return Optional.of(
        new OwnershipRead<>(
            new XrplRead.NftHeld(
                wallet, XrplAddress.of(collection), taxon.map(t -> XrplTaxon.of(t, "taxon"))),
            held -> held));
  }

  @Override
  public CollectionId collection(String contract, Fields fields) {
    XrplAddress issuer = XrplAddress.parse(contract, fields.path("contractAddress"));
    return new CollectionId(issuer.text(), taxon(fields).map(XrplTaxon::value));
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

  /** An issuer's NFTs are listed page by page; past the bound the caller is told so. */
  @Override
  public Optional<CollectionOwnership> collectionOwnership(
      CollectionId collection, XrplAddress wallet) {
    OwnershipRead<?> ownership =
        ownership(collection.contract(), collection.taxon(), wallet).orElseThrow();
    return Optional.of(
        new CollectionOwnership(
            Set.of(ownership.read()),
            readings ->
                ownership
                    .holds(readings)
                    .<CollectionOwnership.Answer>map(CollectionOwnership.Held::new)
                    .orElseGet(
                        () ->
                            new CollectionOwnership.Unread(
                                FailureSource.BALANCE_READ, unread(ownership, readings)))));
  }

  private static String unread(OwnershipRead<?> ownership, Readings readings) {
    return readings.reading(ownership.read()) instanceof Reading.Unreadable<?> unreadable
            && unreadable.detail().startsWith(XrplRead.NftHeld.TOO_MANY)
        ? XrplRead.NftHeld.TOO_MANY
        : "NFT holdings could not be read";
  }

  @Override
  public boolean readsCollections() {
    return true;
  }
}
