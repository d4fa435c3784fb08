package org.walletstate.domain.attest.condition;

import java.util.Objects;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.StellarAddress;
import org.walletstate.domain.address.StellarAssetCode;
import org.walletstate.domain.request.Fields;

/** What a Stellar balance is held in: XLM itself or a classic asset (issuer and asset code). */
public sealed interface StellarAsset permits StellarAsset.Native, StellarAsset.Issued {

  /** The {@code contractAddress} a signed condition carries. */
  String contractAddress();

  /**
   * {@code contractAddress} and {@code assetCode} of a token_balance condition: {@code native}
   * without an asset code, or an issuer G-address with one.
   */
  static StellarAsset parse(Fields fields) {
    String text = fields.requiredText("contractAddress");
    if (text.equals("native")) {
      if (fields.has("assetCode")) {
        throw new ValidationException(
            fields.path("assetCode")
                + " is only for issued assets; native XLM takes contractAddress native and no"
                + " assetCode");
      }
      return new Native();
    }
    StellarAddress issuer = StellarAddress.parse(text, fields.path("contractAddress"));
    if (!fields.has("assetCode")) {
      throw new ValidationException(
          fields.path("assetCode")
              + " is required for a Stellar issued asset (contractAddress is its issuer)");
    }
    return new Issued(
        issuer, StellarAssetCode.parse(fields.requiredText("assetCode"), fields.path("assetCode")));
  }

  /** XLM, in stroops ({@code contractAddress: "native"}). */
  record Native() implements StellarAsset {
    @Override
    public String contractAddress() {
      return "native";
    }
  }

  /** A classic asset: {@code code} issued by {@code issuer}, held on a trustline. */
  record Issued(StellarAddress issuer, StellarAssetCode code) implements StellarAsset {
    public Issued {
      Objects.requireNonNull(issuer, "issuer");
      Objects.requireNonNull(code, "code");
    }

    @Override
    public String contractAddress() {
      return issuer.text();
    }
  }
}
