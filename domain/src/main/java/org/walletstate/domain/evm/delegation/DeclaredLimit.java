package org.walletstate.domain.evm.delegation;

import java.math.BigInteger;
import java.util.List;
import java.util.Objects;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.Bytes;

/**
 * What one recognized caveat declares, decoded from its terms exactly as its enforcer's {@code
 * getTermsInfo} decodes them. A decode of the caller's own terms: only {@link Timestamp} is
 * evaluated (against the anchored block's timestamp); the others are reported, not checked.
 *
 * <p>The records are alike on purpose: each is one enforcer's declaration, with the fields that
 * enforcer's terms carry.
 */
public sealed interface DeclaredLimit
    permits DeclaredLimit.Timestamp,
        DeclaredLimit.Erc20TransferAmount,
        DeclaredLimit.NativeTransferAmount,
        DeclaredLimit.AllowedTargets,
        DeclaredLimit.LimitedCalls {

  /** The wire name of the kind. */
  String kind();

  /** The enforcer of the caveat. */
  EvmAddress enforcer();

  /** The raw terms it was decoded from. */
  Bytes terms();

  /** Refuses a limit without the enforcer that declares it or the terms it was decoded from. */
  private static void requireCaveat(EvmAddress enforcer, Bytes terms) {
    Objects.requireNonNull(enforcer, "enforcer");
    Objects.requireNonNull(terms, "terms");
  }

  /**
   * {@code TimestampEnforcer}: usable strictly after {@code after} and strictly before {@code
   * before} (seconds; 0 = no bound on that side).
   */
  record Timestamp(EvmAddress enforcer, Bytes terms, BigInteger after, BigInteger before)
      implements DeclaredLimit {
    public Timestamp {
      requireCaveat(enforcer, terms);
      Objects.requireNonNull(after, "after");
      Objects.requireNonNull(before, "before");
    }

    @Override
    public String kind() {
      return "timestamp";
    }

    /** Whether a block with this timestamp (seconds) passes the enforcer's check. */
    public boolean allows(BigInteger blockTimestamp) {
      return (after.signum() == 0 || blockTimestamp.compareTo(after) > 0)
          && (before.signum() == 0 || blockTimestamp.compareTo(before) < 0);
    }
  }

  /** {@code ERC20TransferAmountEnforcer}: at most {@code maxAmount} base units of {@code token}. */
  record Erc20TransferAmount(
      EvmAddress enforcer, Bytes terms, EvmAddress token, BigInteger maxAmount)
      implements DeclaredLimit {
    public Erc20TransferAmount {
      requireCaveat(enforcer, terms);
      Objects.requireNonNull(token, "token");
      Objects.requireNonNull(maxAmount, "maxAmount");
    }

    @Override
    public String kind() {
      return "erc20_transfer_amount";
    }
  }

  // Alike by design: each declared limit is its own record, named on the wire by its kind.
  /** {@code NativeTokenTransferAmountEnforcer}: at most {@code maxAmount} wei in total. */
  record NativeTransferAmount(EvmAddress enforcer, Bytes terms, BigInteger maxAmount)
      implements DeclaredLimit {
    public NativeTransferAmount {
      requireCaveat(enforcer, terms);
      Objects.requireNonNull(maxAmount, "maxAmount");
    }

    @Override
    public String kind() {
      return "native_transfer_amount";
    }
  }

  /** {@code AllowedTargetsEnforcer}: calls only to these addresses. */
  record AllowedTargets(EvmAddress enforcer, Bytes terms, List<EvmAddress> targets)
      implements DeclaredLimit {
    public AllowedTargets {
      requireCaveat(enforcer, terms);
      targets = List.copyOf(targets);
    }

    @Override
    public String kind() {
      return "allowed_targets";
    }
  }

  /** {@code LimitedCallsEnforcer}: at most {@code maxCalls} redemptions. */
  record LimitedCalls(EvmAddress enforcer, Bytes terms, BigInteger maxCalls)
      implements DeclaredLimit {
    public LimitedCalls {
      requireCaveat(enforcer, terms);
      Objects.requireNonNull(maxCalls, "maxCalls");
    }

    @Override
    public String kind() {
      return "limited_calls";
    }
  }
}
