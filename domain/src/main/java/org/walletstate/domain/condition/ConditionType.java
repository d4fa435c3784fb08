package org.walletstate.domain.condition;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** The condition types of the interface, by wire name. */
public enum ConditionType {
  TOKEN_BALANCE("token_balance", true),
  NFT_OWNERSHIP("nft_ownership", true),
  EAS_ATTESTATION("eas_attestation", true),
  FARCASTER_ID("farcaster_id", true),
  EVM_VIEW_CALL("evm_view_call", true),
  RATIO_TO_AMOUNT("ratio_to_amount", true),
  RATIO_TO_SUPPLY("ratio_to_supply", true),
  ERC8004_AGENT("erc8004_agent", false),
  ERC7710_DELEGATION("erc7710_delegation", false),
  ACCOUNT_CODE("account_code", true);

  private final String wireName;
  private final boolean supported;

  ConditionType(String wireName, boolean supported) {
    this.wireName = wireName;
    this.supported = supported;
  }

  public String wireName() {
    return wireName;
  }

  /** False for types the interface names but this service does not evaluate yet. */
  public boolean supported() {
    return supported;
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
