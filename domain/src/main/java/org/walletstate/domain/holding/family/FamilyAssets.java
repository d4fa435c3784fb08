package org.walletstate.domain.holding.family;

import java.util.Optional;
import java.util.function.Function;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.Scale;
import org.walletstate.domain.request.Fields;

/** The asset rules families share: {@code native} or a contract, and the native asset's scale. */
final class FamilyAssets {

  private FamilyAssets() {}

  /**
   * {@code contractAddress}: {@code native}, or a contract in the family's signed form.
   *
   * @param signedForm parses the text ({@code field} names it in the 400) to its signed form
   */
  static Asset nativeOrToken(Fields fields, ContractParser signedForm) {
    String text = fields.requiredText("contractAddress");
    if (text.equals(Asset.NATIVE)) {
      return new Asset.Native();
    }
    return new Asset.Token(signedForm.parse(text, fields.path("contractAddress")));
  }

  /** Data's {@code native} or contract, without a code. */
  static Asset nativeOrToken(
      String contract, Optional<String> code, Function<String, String> form) {
    if (code.isPresent()) {
      throw new IllegalArgumentException("a code belongs to issued assets only");
    }
    return contract.equals(Asset.NATIVE)
        ? new Asset.Native()
        : new Asset.Token(form.apply(contract));
  }

  /** The chain's own decimals for its native asset; read for a token. */
  static Scale nativeFixed(Chain chain, Asset asset) {
    return asset instanceof Asset.Native
        ? new Scale.Fixed(nativeDecimals(chain))
        : new Scale.Read();
  }

  static TokenDecimals nativeDecimals(Chain chain) {
    return TokenDecimals.of(chain.nativeCurrency().decimals());
  }

  /** The issuer and code of an issued asset from a request (a code is required with an issuer). */
  static Asset issuedOrNative(
      Fields fields, String codeMember, String nativeName, String required, IssuedParser issued) {
    String text = fields.requiredText("contractAddress");
    if (text.equals(Asset.NATIVE)) {
      if (fields.has(codeMember)) {
        throw new ValidationException(
            fields.path(codeMember)
                + " is only for "
                + required
                + "; native "
                + nativeName
                + " takes contractAddress native and no "
                + codeMember);
      }
      return new Asset.Native();
    }
    return issued.parse(text, fields);
  }

  /** Parses a contract's text to its signed form. */
  @FunctionalInterface
  interface ContractParser {
    String parse(String text, String field);
  }

  /** Parses an issuer's text and the request's code member. */
  @FunctionalInterface
  interface IssuedParser {
    Asset parse(String issuer, Fields fields);
  }
}
