package org.walletstate.domain.condition;

import java.math.BigDecimal;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.account.KeyVersion;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.amount.DecimalAmount;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.eas.EasDeployments;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.CodeState;
import org.walletstate.domain.evm.FunctionSignature;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;
import org.walletstate.domain.template.ComplianceTemplate;
import org.walletstate.domain.template.ComplianceTemplates;

/**
 * Reads one condition object of an attest request into a {@link RequestedCondition}, applying every
 * rule the request alone can check. Each type the service evaluates has one named reader; a type
 * without one is refused as not yet supported. Members a type does not use are ignored.
 */
public final class ConditionParser {

  /** Reads the members of one condition type. */
  @FunctionalInterface
  private interface TypeReader {
    Condition read(Fields fields, KeyVersion key);
  }

  private static final Map<ConditionType, TypeReader> READERS = new EnumMap<>(ConditionType.class);

  static {
    READERS.put(ConditionType.TOKEN_BALANCE, ConditionParser::tokenBalance);
    READERS.put(ConditionType.NFT_OWNERSHIP, ConditionParser::nftOwnership);
    READERS.put(ConditionType.EAS_ATTESTATION, ConditionParser::easAttestation);
    READERS.put(ConditionType.FARCASTER_ID, ConditionParser::farcasterId);
    READERS.put(ConditionType.EVM_VIEW_CALL, ConditionParser::evmViewCall);
    READERS.put(ConditionType.RATIO_TO_AMOUNT, ConditionParser::ratioToAmount);
    READERS.put(ConditionType.RATIO_TO_SUPPLY, ConditionParser::ratioToSupply);
    READERS.put(ConditionType.ACCOUNT_CODE, ConditionParser::accountCode);
  }

  /** Families whose chains carry nothing but {@code token_balance}. */
  private static final Map<ChainFamily, String> TOKEN_BALANCE_ONLY =
      Map.of(
          ChainFamily.BITCOIN, "token_balance with contractAddress native",
          ChainFamily.TRON, "token_balance",
          ChainFamily.STELLAR, "token_balance",
          ChainFamily.SUI, "token_balance");

  private ConditionParser() {}

  /**
   * Reads {@code conditions[index]}.
   *
   * @throws ValidationException naming the member and the rule it breaks
   */
  public static RequestedCondition parse(RequestValue raw, int index, KeyVersion key) {
    String path = "conditions[" + index + "]";
    if (!(raw instanceof RequestValue.Obj object)) {
      throw new ValidationException(path + " must be an object, not " + raw.kind());
    }
    Fields fields = Fields.of(object, path);
    Condition condition = reader(fields).read(fields, key);
    return new RequestedCondition(index, label(fields), condition);
  }

  private static TypeReader reader(Fields fields) {
    String name = fields.requiredText("type");
    ConditionType type =
        ConditionType.fromWire(name)
            .orElseThrow(
                () ->
                    new ValidationException(
                        fields.path("type")
                            + " \""
                            + name
                            + "\" is not a condition type; use one of "
                            + ConditionType.wireNames()));
    TypeReader reader = READERS.get(type);
    if (reader == null) {
      throw new ValidationException(fields.path("type") + " " + name + " is not yet supported");
    }
    return reader;
  }

  private static String label(Fields fields) {
    String label = fields.optionalText("label").orElse("");
    int length = label.codePointCount(0, label.length());
    if (length > RequestedCondition.MAX_LABEL_LENGTH) {
      throw new ValidationException(
          fields.path("label")
              + " must be at most "
              + RequestedCondition.MAX_LABEL_LENGTH
              + " characters long (got "
              + length
              + ")");
    }
    if (label
        .codePoints()
        .anyMatch(c -> c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE)) {
      throw new ValidationException(fields.path("label") + " must be valid Unicode text");
    }
    return label;
  }

  // --- one reader per type ---------------------------------------------------------------------

  private static Condition tokenBalance(Fields fields, KeyVersion key) {
    Chain chain = holdingChain(fields, ConditionType.TOKEN_BALANCE);
    Asset asset = asset(fields, ConditionType.TOKEN_BALANCE, true);
    DecimalAmount threshold =
        DecimalAmount.parse(fields.get("threshold"), fields.path("threshold"), key);
    Optional<TokenDecimals> decimals = declaredDecimals(fields, chain, asset);
    return new TokenBalance(chain, asset, threshold, decimals);
  }

  private static Condition nftOwnership(Fields fields, KeyVersion key) {
    Chain chain = holdingChain(fields, ConditionType.NFT_OWNERSHIP);
    return new NftOwnership(chain, contract(fields, ConditionType.NFT_OWNERSHIP));
  }

  private static Condition ratioToAmount(Fields fields, KeyVersion key) {
    Chain chain = holdingChain(fields, ConditionType.RATIO_TO_AMOUNT);
    Asset asset = asset(fields, ConditionType.RATIO_TO_AMOUNT, true);
    DecimalAmount multiple =
        DecimalAmount.parse(fields.get("multiple"), fields.path("multiple"), key);
    DecimalAmount amount = DecimalAmount.parse(fields.get("amount"), fields.path("amount"), key);
    Optional<TokenDecimals> decimals = declaredDecimals(fields, chain, asset);
    if (asset instanceof Asset.Native) {
      TokenDecimals own = Holding.nativeDecimals(chain);
      if (amount.decimalPlaces() > own.value()) {
        throw new ValidationException(
            Holding.tooPrecise(fields.path("amount"), amount.canonical(), own));
      }
    }
    return new RatioToAmount(chain, asset, multiple, amount, decimals);
  }

  private static Condition ratioToSupply(Fields fields, KeyVersion key) {
    Chain chain = evmChain(fields, ConditionType.RATIO_TO_SUPPLY);
    EvmAddress token = contract(fields, ConditionType.RATIO_TO_SUPPLY);
    DecimalAmount minFraction =
        DecimalAmount.parse(fields.get("minFraction"), fields.path("minFraction"), key);
    if (minFraction.value().compareTo(BigDecimal.ONE) > 0) {
      throw new ValidationException(
          fields.path("minFraction")
              + " must be a fraction greater than 0 and at most 1, got "
              + minFraction.canonical());
    }
    Optional<TokenDecimals> decimals = declaredDecimals(fields, chain, new Asset.Erc20(token));
    return new RatioToSupply(chain, token, minFraction, decimals);
  }

  private static Condition evmViewCall(Fields fields, KeyVersion key) {
    Chain chain = evmChain(fields, ConditionType.EVM_VIEW_CALL);
    EvmAddress contract = contract(fields, ConditionType.EVM_VIEW_CALL);
    FunctionSignature function =
        FunctionSignature.parseSingleAddress(
            fields.requiredText("selector"), fields.path("selector"));
    return new EvmViewCall(chain, contract, function);
  }

  private static Condition accountCode(Fields fields, KeyVersion key) {
    Chain chain = evmChain(fields, ConditionType.ACCOUNT_CODE);
    String expectName = fields.requiredText("expect");
    CodeState expect =
        CodeState.fromWire(expectName)
            .orElseThrow(
                () ->
                    new ValidationException(
                        fields.path("expect")
                            + " must be one of none, eip7702, contract, got \""
                            + expectName
                            + "\""));
    Optional<EvmAddress> delegate = Optional.empty();
    if (fields.has("delegate")) {
      if (expect != CodeState.EIP7702) {
        throw new ValidationException(
            fields.path("delegate")
                + " is allowed only with expect eip7702 (expect is "
                + expect.wireName()
                + ")");
      }
      delegate =
          Optional.of(EvmAddress.parse(fields.requiredText("delegate"), fields.path("delegate")));
    }
    return new AccountCode(chain, expect, delegate);
  }

  private static Condition farcasterId(Fields fields, KeyVersion key) {
    Chain registryChain = ChainCatalogue.require(FarcasterId.REGISTRY_CHAIN);
    if (fields.has("chainId")) {
      Chain chain = ChainCatalogue.parse(fields.get("chainId"), fields.path("chainId"));
      if (!chain.equals(registryChain)) {
        throw new ValidationException(
            fields.path("chainId")
                + " "
                + chain.id()
                + " is not where farcaster_id is read; leave chainId out or send 10");
      }
    }
    return new FarcasterId(registryChain);
  }

  private static Condition easAttestation(Fields fields, KeyVersion key) {
    Optional<String> templateName = fields.optionalText("template");
    if (templateName.isPresent()) {
      return easTemplate(fields, templateName.get());
    }
    Chain chain = evmChain(fields, ConditionType.EAS_ATTESTATION);
    if (EasDeployments.find(chain.id()).isEmpty()) {
      throw new ValidationException(
          fields.path("chainId")
              + " "
              + chain.id()
              + ": eas_attestation is read on chains 8453 and 10, where EAS is the predeploy at "
              + EasDeployments.PREDEPLOY.checksummed());
    }
    Bytes32 schema = Bytes32.parse(fields.requiredText("schemaId"), fields.path("schemaId"));
    if (!fields.has("indexer")) {
      throw new ValidationException(
          fields.path("indexer") + " is required for an eas_attestation without template");
    }
    EvmAddress indexer = EvmAddress.parse(fields.requiredText("indexer"), fields.path("indexer"));
    Optional<EvmAddress> attester =
        fields.optionalText("attester").map(a -> EvmAddress.parse(a, fields.path("attester")));
    return EasAttestation.raw(chain, schema, indexer, attester);
  }

  private static Condition easTemplate(Fields fields, String name) {
    for (String fixed : List.of("schemaId", "attester", "indexer")) {
      if (fields.has(fixed)) {
        throw new ValidationException(
            fields.path(fixed)
                + " cannot be combined with template (the template fixes schema, attester and"
                + " indexer)");
      }
    }
    ComplianceTemplate template =
        ComplianceTemplates.find(name)
            .orElseThrow(
                () ->
                    new ValidationException(
                        fields.path("template")
                            + " \""
                            + name
                            + "\" is not a compliance template; use one of "
                            + ComplianceTemplates.all().stream()
                                .map(ComplianceTemplate::name)
                                .collect(Collectors.joining(", "))));
    if (fields.has("chainId")) {
      Chain chain = evmChain(fields, ConditionType.EAS_ATTESTATION);
      if (!chain.equals(template.chain())) {
        throw new ValidationException(
            fields.path("chainId")
                + " "
                + chain.id()
                + " does not match template "
                + name
                + ", which is read on chain "
                + template.chain().id());
      }
    }
    return EasAttestation.of(template);
  }

  // --- shared member rules ---------------------------------------------------------------------

  /** A chain for a type that is EVM only by the interface. */
  private static Chain evmChain(Fields fields, ConditionType type) {
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

  /**
   * A chain for a holding type (token_balance, nft_ownership, ratio_to_amount). The interface
   * allows some of these on non-EVM chains; this service does not read those chains yet.
   */
  private static Chain holdingChain(Fields fields, ConditionType type) {
    Chain chain = ChainCatalogue.parse(fields.get("chainId"), fields.path("chainId"));
    if (chain.isEvm()) {
      return chain;
    }
    String only = TOKEN_BALANCE_ONLY.get(chain.family());
    if (only != null && type != ConditionType.TOKEN_BALANCE) {
      throw new ValidationException(
          fields.path("chainId") + " " + chain.id() + " supports only " + only);
    }
    throw new ValidationException(
        fields.path("chainId")
            + " "
            + chain.id()
            + ": "
            + type.wireName()
            + " is not yet supported on non-EVM chains");
  }

  private static Asset asset(Fields fields, ConditionType type, boolean nativeAllowed) {
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
    return new Asset.Erc20(EvmAddress.parse(text, fields.path("contractAddress")));
  }

  private static EvmAddress contract(Fields fields, ConditionType type) {
    return ((Asset.Erc20) asset(fields, type, false)).token();
  }

  /**
   * The decimals the caller states, if any. A native asset's decimals are known now, so a mismatch
   * is refused at once; a token's are checked when read.
   */
  private static Optional<TokenDecimals> declaredDecimals(Fields fields, Chain chain, Asset asset) {
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
