package org.walletstate.domain.commerce;

import java.util.Optional;
import java.util.regex.Pattern;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.XrplCurrency;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * {@code POST /v1/registry/submit}: a token or NFT collection proposed for the public registry. It
 * is recorded as pending; a reviewer lists or rejects it. One entry per chain and address (for XRP
 * Ledger tokens, issuer and currency): a second submission of the same one changes nothing.
 *
 * @param chain a merchant-configuration chain
 * @param contractAddress normal form (never native: native assets are listed already)
 * @param currency XRPL trust-line tokens only
 * @param type token or nft
 * @param symbol 1 to 20 characters
 * @param name up to 100 characters
 * @param decimals tokens: 0 to 18
 * @param logo https URL
 * @param source the provenance tag: who or what submitted it ({@code api} when not given)
 */
public record RegistrySubmission(
    Chain chain,
    String contractAddress,
    Optional<String> currency,
    RegistryType type,
    String symbol,
    Optional<String> name,
    Optional<Integer> decimals,
    Optional<String> logo,
    String source) {

  private static final Pattern SOURCE = Pattern.compile("[a-z0-9][a-z0-9._:-]{0,63}");
  public static final String DEFAULT_SOURCE = "api";

  public static RegistrySubmission parse(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    Chain chain = MerchantChains.parse(fields.get("chainId"), "chainId");
    String contract =
        MerchantChains.contract(
            chain, fields.requiredText("contractAddress"), "contractAddress", false);
    RegistryType type = RegistryType.parse(fields.requiredText("type"), "type");
    String symbol = Members.requiredText(fields, "symbol", TokenConfig.SYMBOL_MAX);
    Optional<String> name = Members.text(fields, "name", TokenConfig.NAME_MAX);
    Optional<Integer> decimals = Optional.empty();
    if (type == RegistryType.TOKEN) {
      decimals =
          Optional.of(
              Members.whole(fields.get("decimals"), "decimals", 0, TokenConfig.MAX_DECIMALS));
    } else if (fields.has("decimals")) {
      throw new ValidationException("decimals is for tokens only, not for type nft");
    }
    Optional<String> currency = Optional.empty();
    if (chain.family() == ChainFamily.XRPL && type == RegistryType.TOKEN) {
      String text = fields.requiredText("currency");
      XrplCurrency.parse(text, "currency");
      currency = Optional.of(text);
    } else if (fields.has("currency")) {
      throw new ValidationException("currency is for XRP Ledger tokens only");
    }
    Optional<String> logo = Members.text(fields, "logo", TokenConfig.LOGO_MAX);
    if (logo.isPresent() && !logo.get().startsWith("https://")) {
      throw new ValidationException("logo must be an https:// URL");
    }
    String source = fields.optionalText("source").orElse(DEFAULT_SOURCE);
    if (!SOURCE.matcher(source).matches()) {
      throw new ValidationException(
          "source must be a provenance tag of 1 to 64 lower-case letters, digits and . _ : -,"
              + " got \""
              + Members.abbreviate(source)
              + "\"");
    }
    return new RegistrySubmission(
        chain, contract, currency, type, symbol, name, decimals, logo, source);
  }

  /** The address the registry is unique by: the contract, or issuer and currency on XRPL. */
  public String registryAddress() {
    return RegistryEntry.address(chain, contractAddress, currency);
  }
}
