package org.walletstate.application.commerce.port.in;

import java.util.Optional;
import java.util.regex.Pattern;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.XrplCurrency;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.commerce.Members;
import org.walletstate.domain.commerce.MerchantChains;
import org.walletstate.domain.commerce.RegistryQuery;
import org.walletstate.domain.commerce.RegistrySubmission;
import org.walletstate.domain.commerce.RegistryType;
import org.walletstate.domain.commerce.TokenConfig;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * Reads the requests of {@link TokenRegistryUseCase}: {@code POST /v1/registry/submit} and the
 * filters of {@code GET /v1/tokens}.
 */
public final class TokenRegistryCommands {

  private static final Pattern SOURCE = Pattern.compile("[a-z0-9][a-z0-9._:-]{0,63}");

  private TokenRegistryCommands() {}

  public static RegistrySubmission submission(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    Chain chain = BodyMembers.merchantChain(fields.get("chainId"), "chainId");
    String contract =
        MerchantChains.contract(
            chain, fields.requiredText("contractAddress"), "contractAddress", false);
    RegistryType type = RegistryType.parse(fields.requiredText("type"), "type");
    String symbol = BodyMembers.requiredText(fields, "symbol", TokenConfig.SYMBOL_MAX);
    Optional<String> name = BodyMembers.text(fields, "name", TokenConfig.NAME_MAX);
    Optional<Integer> decimals = Optional.empty();
    if (type == RegistryType.TOKEN) {
      decimals =
          Optional.of(
              BodyMembers.whole(fields.get("decimals"), "decimals", 0, TokenConfig.MAX_DECIMALS));
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
    Optional<String> logo = BodyMembers.text(fields, "logo", TokenConfig.LOGO_MAX);
    if (logo.isPresent() && !logo.get().startsWith("https://")) {
      throw new ValidationException("logo must be an https:// URL");
    }
    String source = fields.optionalText("source").orElse(RegistrySubmission.DEFAULT_SOURCE);
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

  /** The filters of {@code GET /v1/tokens}; each may be null (not sent). */
  public static RegistryQuery query(String chain, String symbol, String type) {
    return new RegistryQuery(
        chain == null
            ? Optional.empty()
            : Optional.of(ChainCatalogue.parse(new RequestValue.Text(chain), "chain")),
        symbol == null
            ? Optional.empty()
            : Optional.of(Members.bounded(symbol, "symbol", TokenConfig.SYMBOL_MAX)),
        type == null ? Optional.empty() : Optional.of(RegistryType.parse(type, "type")));
  }
}
