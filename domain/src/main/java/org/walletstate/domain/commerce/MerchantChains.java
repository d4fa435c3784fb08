package org.walletstate.domain.commerce;

import org.walletstate.domain.ValidationException;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.holding.family.HoldingFamilies;

/**
 * The chains a merchant may configure tokens and collections on (the 31 EVM chains, solana, xrpl)
 * and the contract addresses each takes, by the same rules as attest.
 */
public final class MerchantChains {

  public static final String NATIVE = "native";

  private MerchantChains() {}

  /** A merchant-configuration chain; bitcoin, tron, stellar and sui are refused. */
  public static Chain require(Chain chain, String field) {
    if (!chain.merchantConfiguration()) {
      throw new ValidationException(
          field
              + " "
              + chain.id()
              + " is not allowed for merchant configuration; use an EVM chain id, solana or xrpl");
    }
    return chain;
  }

  /**
   * A token or collection address on {@code chain}, in its normal form: EIP-55 on EVM chains, the
   * mint on Solana, the issuer r-address on the XRP Ledger; {@code native} when allowed.
   */
  public static String contract(Chain chain, String text, String field, boolean nativeAllowed) {
    if (NATIVE.equals(text)) {
      if (!nativeAllowed) {
        throw new ValidationException(field + " native is not allowed here; name a contract");
      }
      return NATIVE;
    }
    if (!chain.merchantConfiguration()) {
      throw new ValidationException(
          field + ": chain " + chain.id() + " is not allowed for merchant configuration");
    }
    return HoldingFamilies.on(chain).contract(text, field);
  }

  /** The decimals a native asset must be configured with: 18 on EVM, the chain's own elsewhere. */
  public static int nativeDecimals(Chain chain) {
    return chain.family() == ChainFamily.EVM ? 18 : chain.nativeCurrency().decimals();
  }

  /** The key two listings of one network and contract share. */
  static String networkKey(Chain chain, String contract) {
    String normal =
        chain.family() == ChainFamily.EVM ? contract.toLowerCase(java.util.Locale.ROOT) : contract;
    return chain.id() + "/" + normal;
  }
}
