package org.walletstate.domain.condition;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The condition types of the interface, by wire name. {@link ConditionParser} says which of them
 * the service evaluates; the others are refused as not yet supported.
 */
public enum ConditionType {
  TOKEN_BALANCE("token_balance"),
  NFT_OWNERSHIP("nft_ownership"),
  EAS_ATTESTATION("eas_attestation"),
  FARCASTER_ID("farcaster_id"),
  EVM_VIEW_CALL("evm_view_call"),
  RATIO_TO_AMOUNT("ratio_to_amount"),
  RATIO_TO_SUPPLY("ratio_to_supply"),
  ERC8004_AGENT("erc8004_agent"),
  ERC7710_DELEGATION("erc7710_delegation"),
  ACCOUNT_CODE("account_code");

  private final String wireName;

  ConditionType(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  public static Optional<ConditionType> fromWire(String name) {
    return Arrays.stream(values()).filter(t -> t.wireName.equals(name)).findFirst();
  }

  /** All wire names, comma-separated, for messages. */
  static String wireNames() {
    return Arrays.stream(values()).map(ConditionType::wireName).collect(Collectors.joining(", "));
  }

  @Override
  public String toString() {
    return wireName;
  }
}
