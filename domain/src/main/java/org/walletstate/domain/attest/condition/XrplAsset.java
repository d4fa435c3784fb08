package org.walletstate.domain.attest.condition;

import java.util.Objects;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.XrplAddress;
import org.walletstate.domain.address.XrplCurrency;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.request.Fields;

/** What an XRPL balance is held in: XRP itself or a trust-line token (issuer and currency). */
public sealed interface XrplAsset permits XrplAsset.Native, XrplAsset.TrustLine {

  /** The {@code contractAddress} a signed condition carries. */
  PayloadValue contractAddress();

  /**
   * {@code contractAddress} and {@code currency} of a holding condition: {@code native} without a
   * currency, or an issuer with one.
   */
  static XrplAsset parse(Fields fields) {
    String text = fields.requiredText("contractAddress");
    if (text.equals("native")) {
      if (fields.has("currency")) {
        throw new ValidationException(
            fields.path("currency")
                + " is only for trust-line tokens; native XRP takes contractAddress native and no"
                + " currency");
      }
      return new Native();
    }
    XrplAddress issuer = XrplAddress.parse(text, fields.path("contractAddress"));
    if (!fields.has("currency")) {
      throw new ValidationException(
          fields.path("currency")
              + " is required for an XRPL trust-line token (contractAddress is its issuer)");
    }
    return new TrustLine(
        issuer, XrplCurrency.parse(fields.requiredText("currency"), fields.path("currency")));
  }

  /** XRP, in drops ({@code contractAddress: "native"}). */
  record Native() implements XrplAsset {
    @Override
    public PayloadValue contractAddress() {
      return PayloadValue.text("native");
    }
  }

  /** A token issued by {@code issuer} in {@code currency}, held on a trust line. */
  record TrustLine(XrplAddress issuer, XrplCurrency currency) implements XrplAsset {
    public TrustLine {
      Objects.requireNonNull(issuer, "issuer");
      Objects.requireNonNull(currency, "currency");
    }

    @Override
    public PayloadValue contractAddress() {
      return PayloadValue.text(issuer.text());
    }
  }
}
