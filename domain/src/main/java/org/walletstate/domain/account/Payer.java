package org.walletstate.domain.account;

import java.util.Objects;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payment.PerCallPayment;

/**
 * How a call is paid. Every payable use case takes one, and one charging service reserves before
 * the work and settles or releases after it, whatever its kind:
 *
 * <ul>
 *   <li>{@link Credits}: a key's credits, checked before the work and debited once it delivered;
 *   <li>{@link PerCall}: an x402 payment sent with the request, claimed and checked before the work
 *       and settled on chain only when the work delivered the whole of what it was quoted for;
 *   <li>{@link SharedAllowance}: the daily allowance every caller of the keyless tool endpoint
 *       shares: one call drawn from it before the work, then paid with the credits of the service
 *       account behind it like any key's call.
 * </ul>
 */
public sealed interface Payer permits Payer.Credits, Payer.PerCall, Payer.SharedAllowance {

  /** A key's credits. */
  static Payer credits(KeyAccount account) {
    return new Credits(account);
  }

  /** An x402 payment for this one call. */
  static Payer perCall(PerCallPayment payment) {
    return new PerCall(payment);
  }

  /** The shared allowance of the tool endpoint. */
  static Payer sharedAllowance() {
    return new SharedAllowance();
  }

  /** Paid with {@code account}'s credits; answers are signed in the key's era. */
  record Credits(KeyAccount account) implements Payer {
    public Credits {
      Objects.requireNonNull(account, "account");
    }
  }

  /** Paid by {@code payment}; answers are signed under the v2 rules, as for a keyless caller. */
  record PerCall(PerCallPayment payment) implements Payer {
    /** The key era a paid call is answered in. */
    public static final KeyVersion VERSION = KeyVersion.V2;

    public PerCall {
      Objects.requireNonNull(payment, "payment");
    }
  }

  /** Paid from the shared allowance of the tool endpoint, then by its service account's credits. */
  record SharedAllowance() implements Payer {}
}
