package org.walletstate.domain.attest.condition;

import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.SolanaMint;
import org.walletstate.domain.request.Fields;

/**
 * The {@code contractAddress} of a Solana NFT condition: a mint ({@code native} is refused where
 * the type holds no amount). Amounts on Solana are read through the holdings kernel.
 */
final class SolanaHolding {

  private SolanaHolding() {}

  static SolanaAsset asset(Fields fields, ConditionType type, boolean nativeAllowed) {
    String text = fields.requiredText("contractAddress");
    if (text.equals("native")) {
      if (!nativeAllowed) {
        throw new ValidationException(
            fields.path("contractAddress")
                + " native is not allowed on "
                + type.wireName()
                + " (native is valid only for token_balance and ratio_to_amount)");
      }
      return new SolanaAsset.Native();
    }
    return new SolanaAsset.Mint(SolanaMint.parse(text, fields.path("contractAddress")));
  }
}
