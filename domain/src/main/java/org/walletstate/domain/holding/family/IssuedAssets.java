package org.walletstate.domain.holding.family;

import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.family.FamilyAssets.ContractParser;
import org.walletstate.domain.request.Fields;

/**
 * The asset rules of a family whose tokens are issued by an account under a code (Stellar's issued
 * assets, XRPL's trust-line tokens): {@code native}, or an issuer in {@code contractAddress} with
 * its code in {@code codeMember}. Each family gives its own words.
 *
 * @param codeMember the request member and {@link Asset.Issued} key of the code
 * @param nativeName the native asset's name ({@code XLM})
 * @param kinds the issued assets as a request refusal names them ({@code issued assets})
 * @param kind one issued asset as a request refusal names it ({@code a Stellar issued asset})
 * @param noCode the refusal of a code on the native asset in data
 * @param needsCode the refusal of an issuer without a code in data
 * @param issuerForm parses an issuer to its signed form
 * @param codeForm parses a code to its signed form
 */
record IssuedAssets(
    String codeMember,
    String nativeName,
    String kinds,
    String kind,
    String noCode,
    String needsCode,
    ContractParser issuerForm,
    ContractParser codeForm) {

  IssuedAssets {
    Objects.requireNonNull(codeMember, "codeMember");
    Objects.requireNonNull(issuerForm, "issuerForm");
    Objects.requireNonNull(codeForm, "codeForm");
  }

  /** The asset a request names (a code is required with an issuer, refused with native). */
  Asset asset(Fields fields) {
    String text = fields.requiredText("contractAddress");
    if (text.equals(Asset.NATIVE)) {
      if (fields.has(codeMember)) {
        throw new ValidationException(
            fields.path(codeMember)
                + " is only for "
                + kinds
                + "; native "
                + nativeName
                + " takes contractAddress native and no "
                + codeMember);
      }
      return new Asset.Native();
    }
    String issuer = issuerForm.parse(text, fields.path("contractAddress"));
    if (!fields.has(codeMember)) {
      throw new ValidationException(
          fields.path(codeMember)
              + " is required for "
              + kind
              + " (contractAddress is its issuer)");
    }
    String code = codeForm.parse(fields.requiredText(codeMember), fields.path(codeMember));
    return new Asset.Issued(issuer, codeMember, code);
  }

  /** Data's {@code native}, or issuer and code. */
  Asset asset(String contract, Optional<String> code) {
    if (contract.equals(Asset.NATIVE)) {
      if (code.isPresent()) {
        throw new IllegalArgumentException(noCode);
      }
      return new Asset.Native();
    }
    String issuer = issuerForm.parse(contract, "contractAddress");
    String text = code.orElseThrow(() -> new IllegalArgumentException(needsCode));
    return new Asset.Issued(issuer, codeMember, codeForm.parse(text, codeMember));
  }
}
