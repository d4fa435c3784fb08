package org.walletstate.domain.holding.family;

import java.util.Optional;
import java.util.function.Function;
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

  /** Parses a contract's text to its signed form. */
  @FunctionalInterface
  interface ContractParser {
    String parse(String text, String field);
  }
}
