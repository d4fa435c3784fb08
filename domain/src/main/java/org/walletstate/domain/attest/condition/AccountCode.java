package org.walletstate.domain.attest.condition;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.evm.CodeState;
import org.walletstate.domain.evm.CodeStateCondition;
import org.walletstate.domain.evm.DeployedCode;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.proof.ProofTarget;

/**
 * {@code account_code}: the wallet address itself is in the named code state at the anchored block:
 * {@code none} (no code), {@code eip7702} (exactly the 23-byte delegation designator, and pointing
 * at {@code delegate} when one is given) or {@code contract} (any other code). The code and the
 * delegation target are never returned.
 *
 * @param chain an EVM chain
 * @param expect the code state asked for
 * @param delegate the designator's required target; only with {@link CodeState#EIP7702}
 */
public record AccountCode(Chain chain, CodeState expect, Optional<EvmAddress> delegate)
    implements EvmCondition {

  public static final ConditionType TYPE =
      new ConditionType(CodeStateCondition.TYPE, AccountCode.class);

  public AccountCode {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(expect, "expect");
    Objects.requireNonNull(delegate, "delegate");
    if (delegate.isPresent() && expect != CodeState.EIP7702) {
      throw new IllegalArgumentException("a delegate goes only with expect eip7702");
    }
  }

  @Override
  public ConditionType type() {
    return TYPE;
  }

  @Override
  public Set<EvmRead<?>> reads(EvmAddress wallet) {
    return Set.of(new EvmRead.AccountCode(wallet));
  }

  /** Proven by the account's codeHash. */
  @Override
  public ProofRequirement proof(EvmAddress wallet) {
    return new ProofRequirement.Wanted(new ProofTarget.AccountCode(wallet));
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<EvmAddress> context) {
    Reading<DeployedCode> code =
        context.readings().reading(new EvmRead.AccountCode(context.wallet()));
    if (!(code instanceof Reading.Value<DeployedCode> value)) {
      return new ConditionVerdict.Unavailable(
          FailureSource.CHAIN_READ, "account code could not be read");
    }
    DeployedCode deployed = value.value();
    boolean met =
        deployed.state() == expect
            && delegate.map(d -> deployed.delegate().equals(Optional.of(d))).orElse(true);
    return new ConditionVerdict.Decided(met, evaluatedCondition(), PayloadValue.object());
  }

  /**
   * {@code {type, chainId, expect, operator: "code_state"}} plus {@code delegate} in lower case
   * when one was given: the kernel's {@link CodeStateCondition}, the same shape as the trust
   * profile's account rows, so the hashes agree.
   */
  PayloadValue.Obj evaluatedCondition() {
    return CodeStateCondition.evaluatedCondition(chain, expect, delegate);
  }
}
