package org.walletstate.application.attest.port.in.condition;

import java.util.List;
import java.util.Optional;
import org.walletstate.domain.attest.condition.AccountCode;
import org.walletstate.domain.attest.condition.ConditionType;
import org.walletstate.domain.attest.condition.ConditionTypes;
import org.walletstate.domain.attest.condition.EasAttestation;
import org.walletstate.domain.attest.condition.Erc7710Delegation;
import org.walletstate.domain.attest.condition.Erc8004Agent;
import org.walletstate.domain.attest.condition.EvmViewCall;
import org.walletstate.domain.attest.condition.FarcasterId;
import org.walletstate.domain.attest.condition.NftOwnership;
import org.walletstate.domain.attest.condition.RatioToAmount;
import org.walletstate.domain.attest.condition.RatioToSupply;
import org.walletstate.domain.attest.condition.TokenBalance;

/**
 * The reader of each evaluated condition type ({@link ConditionTypes#EVALUATED}): a type is added
 * by its condition file in the domain, its entry there, and its reader and entry here.
 */
public final class ConditionReaders {

  /** One reader per evaluated type, in the order of {@link ConditionTypes#EVALUATED}. */
  public static final List<ConditionReader.Entry> ALL =
      List.of(
          new ConditionReader.Entry(TokenBalance.TYPE, HoldingConditionReaders::tokenBalance),
          new ConditionReader.Entry(NftOwnership.TYPE, HoldingConditionReaders::nftOwnership),
          new ConditionReader.Entry(EasAttestation.TYPE, EasAttestationParser::parse),
          new ConditionReader.Entry(FarcasterId.TYPE, EvmConditionReaders::farcasterId),
          new ConditionReader.Entry(EvmViewCall.TYPE, EvmConditionReaders::evmViewCall),
          new ConditionReader.Entry(RatioToAmount.TYPE, HoldingConditionReaders::ratioToAmount),
          new ConditionReader.Entry(RatioToSupply.TYPE, HoldingConditionReaders::ratioToSupply),
          new ConditionReader.Entry(Erc8004Agent.TYPE, EvmConditionReaders::erc8004Agent),
          new ConditionReader.Entry(Erc7710Delegation.TYPE, Erc7710DelegationParser::parse),
          new ConditionReader.Entry(AccountCode.TYPE, EvmConditionReaders::accountCode));

  private ConditionReaders() {}

  /** The reader of {@code type}, when it has one. */
  public static Optional<ConditionReader> of(ConditionType type) {
    return ALL.stream()
        .filter(e -> e.type().equals(type))
        .map(ConditionReader.Entry::reader)
        .findFirst();
  }
}
