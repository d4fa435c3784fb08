package org.walletstate.application.attest.port.in.condition;

import java.math.BigInteger;
import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attest.condition.AccountCode;
import org.walletstate.domain.attest.condition.Erc8004Agent;
import org.walletstate.domain.attest.condition.EvmViewCall;
import org.walletstate.domain.attest.condition.FarcasterId;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.evm.CodeState;
import org.walletstate.domain.evm.FunctionSignature;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.request.Fields;

/**
 * The readers of the conditions read on EVM chains only that name no asset ({@code farcaster_id},
 * {@code evm_view_call}, {@code erc8004_agent}, {@code account_code}).
 */
final class EvmConditionReaders {

  private EvmConditionReaders() {}

  static FarcasterId farcasterId(Fields fields, KeyVersion key) {
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

  static EvmViewCall evmViewCall(Fields fields, KeyVersion key) {
    Chain chain = ConditionMembers.evmChain(fields, EvmViewCall.TYPE);
    EvmAddress contract = ConditionMembers.contract(fields, EvmViewCall.TYPE);
    FunctionSignature function =
        FunctionSignature.parseSingleAddress(
            fields.requiredText("selector"), fields.path("selector"));
    return new EvmViewCall(chain, contract, function);
  }

  static AccountCode accountCode(Fields fields, KeyVersion key) {
    Chain chain = ConditionMembers.evmChain(fields, AccountCode.TYPE);
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

  static Erc8004Agent erc8004Agent(Fields fields, KeyVersion key) {
    Chain chain =
        ConditionMembers.evmChainOnly(fields, Erc8004Agent.TYPE, Erc8004Agent.REGISTRY_CHAIN);
    return new Erc8004Agent(
        ChainCatalogue.require(Erc8004Agent.REGISTRY_CHAIN), uint256(fields, "agentId"));
  }

  /** A uint256 member sent as a decimal string of digits, without leading zeros. */
  static BigInteger uint256(Fields fields, String member) {
    String text = fields.requiredText(member);
    if (!text.matches("0|[1-9][0-9]{0,77}")) {
      throw new ValidationException(
          fields.path(member)
              + " must be a uint256 as a decimal string of digits, got \""
              + (text.length() > 80 ? text.substring(0, 80) + "…" : text)
              + "\"");
    }
    BigInteger value = new BigInteger(text);
    if (value.compareTo(Erc8004Agent.UINT256_LIMIT) >= 0) {
      throw new ValidationException(fields.path(member) + " is larger than a uint256");
    }
    return value;
  }
}
