package org.walletstate.domain.attest.condition;

import java.util.List;
import java.util.Optional;

/** The condition types of the interface, and the ones this service evaluates. */
public final class ConditionTypes {

  /** Every type the interface defines, by wire name, in the interface's order. */
  public static final List<String> INTERFACE =
      List.of(
          "token_balance",
          "nft_ownership",
          "eas_attestation",
          "farcaster_id",
          "evm_view_call",
          "ratio_to_amount",
          "ratio_to_supply",
          "erc8004_agent",
          "erc7710_delegation",
          "account_code");

  /**
   * The types this service evaluates: a type is added by its file and one entry here. Names of the
   * interface that are not here are refused as not yet supported.
   */
  public static final List<ConditionType> EVALUATED =
      List.of(
          TokenBalance.TYPE,
          NftOwnership.TYPE,
          EasAttestation.TYPE,
          FarcasterId.TYPE,
          EvmViewCall.TYPE,
          RatioToAmount.TYPE,
          RatioToSupply.TYPE,
          Erc8004Agent.TYPE,
          Erc7710Delegation.TYPE,
          AccountCode.TYPE);

  private ConditionTypes() {}

  /** The evaluated type of {@code wireName}. */
  public static Optional<ConditionType> evaluated(String wireName) {
    return EVALUATED.stream().filter(t -> t.wireName().equals(wireName)).findFirst();
  }

  /** Whether the interface defines {@code wireName}. */
  public static boolean defined(String wireName) {
    return INTERFACE.contains(wireName);
  }
}
