package org.walletstate.application.attest.port.in.condition;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.attest.condition.ConditionType;
import org.walletstate.domain.attest.condition.Holding;
import org.walletstate.domain.attest.condition.TokenBalance;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.family.HoldingFamilies;
import org.walletstate.domain.request.Fields;

/** The rules of members that several condition types share: chain, asset, contract, decimals. */
final class ConditionMembers {

  /** Families whose chains carry nothing but {@code token_balance}. */
  private static final Map<ChainFamily, String> TOKEN_BALANCE_ONLY =
      Map.of(
          ChainFamily.BITCOIN, "token_balance with contractAddress native",
          ChainFamily.TRON, "token_balance",
          ChainFamily.STELLAR, "token_balance",
          ChainFamily.SUI, "token_balance");

  private ConditionMembers() {}

  /** A chain for a type that is EVM only by the interface. */
  static Chain evmChain(Fields fields, ConditionType type) {
    Chain chain = ChainCatalogue.parse(fields.get("chainId"), fields.path("chainId"));
    if (!chain.isEvm()) {
      throw new ValidationException(
          fields.path("chainId")
              + " "
              + chain.id()
              + " is not an EVM chain; "
              + type.wireName()
              + " is EVM only");
    }
    return chain;
  }

  /** The one EVM chain a type is read on; any other chain is refused. */
  static Chain evmChainOnly(Fields fields, ConditionType type, ChainId only) {
    Chain chain = evmChain(fields, type);
    if (!chain.id().equals(only)) {
      throw new ValidationException(
          fields.path("chainId")
              + " "
              + chain.id()
              + " is not supported for "
              + type.wireName()
              + "; it is read on chain "
              + only
              + " only");
    }
    return chain;
  }

  /** The holding types each non-EVM family that is read carries. */
  private static final Map<ChainFamily, List<String>> READ_FAMILIES =
      Map.of(
          ChainFamily.SOLANA, List.of("token_balance", "nft_ownership", "ratio_to_amount"),
          ChainFamily.XRPL, List.of("token_balance", "nft_ownership", "ratio_to_amount"));

  /**
   * A chain for a holding type (token_balance, nft_ownership, ratio_to_amount): an EVM chain, or
   * solana or xrpl for the types their families carry. The interface allows some of these on the
   * other non-EVM chains; this service does not read those chains yet.
   */
  static Chain holdingChain(Fields fields, ConditionType type) {
    Chain chain = ChainCatalogue.parse(fields.get("chainId"), fields.path("chainId"));
    if (chain.isEvm()) {
      return chain;
    }
    List<String> carried = READ_FAMILIES.get(chain.family());
    if (carried != null) {
      if (carried.contains(type.wireName())) {
        return chain;
      }
      throw new ValidationException(
          fields.path("chainId")
              + " "
              + chain.id()
              + " supports only "
              + String.join(", ", carried)
              + "; "
              + type.wireName()
              + " is not available there");
    }
    String only = TOKEN_BALANCE_ONLY.get(chain.family());
    if (only != null && !type.wireName().equals(TokenBalance.TYPE.wireName())) {
      throw new ValidationException(
          fields.path("chainId") + " " + chain.id() + " supports only " + only);
    }
    if (type.equals(TokenBalance.TYPE) && HoldingFamilies.reads(chain.family())) {
      return chain;
    }
    throw new ValidationException(
        fields.path("chainId")
            + " "
            + chain.id()
            + ": "
            + type.wireName()
            + " is not yet supported on non-EVM chains");
  }

  static Asset asset(Fields fields, ConditionType type, boolean nativeAllowed) {
    String text = fields.requiredText("contractAddress");
    if (text.equals("native")) {
      if (!nativeAllowed) {
        throw new ValidationException(
            fields.path("contractAddress")
                + " native is not allowed on "
                + type.wireName()
                + " (native is valid only for token_balance and ratio_to_amount)");
      }
      return new Asset.Native();
    }
    return new Asset.Token(EvmAddress.parse(text, fields.path("contractAddress")).checksummed());
  }

  static EvmAddress contract(Fields fields, ConditionType type) {
    return EvmAddress.of(((Asset.Token) asset(fields, type, false)).contract());
  }

  /**
   * The decimals the caller states, if any. A native asset's decimals are known now, so a mismatch
   * is refused at once; a token's are checked when read.
   */
  static Optional<TokenDecimals> declaredDecimals(Fields fields, Chain chain, Asset asset) {
    if (!fields.has("decimals")) {
      return Optional.empty();
    }
    TokenDecimals declared =
        TokenDecimals.parseDeclared(fields.get("decimals"), fields.path("decimals"));
    if (asset instanceof Asset.Native) {
      TokenDecimals own = Holding.nativeDecimals(chain);
      if (!declared.equals(own)) {
        throw new ValidationException(
            Holding.decimalsMismatch(fields.path("decimals"), declared, own));
      }
    }
    return Optional.of(declared);
  }
}
