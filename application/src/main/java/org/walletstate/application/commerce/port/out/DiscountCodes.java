package org.walletstate.application.commerce.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.commerce.discount.DiscountCode;
import org.walletstate.domain.commerce.discount.IssuedCode;
import org.walletstate.domain.payment.Payment;

/**
 * Where discount codes live. {@link #issue} is one transaction under the store's lock: a concurrent
 * twin of the request answers the code the first stored; then the owner key, the proof's nonce, the
 * per-wallet day's count, the other keys' counts (the key's hour, the store's 24 hours), the
 * owner's credit and the code itself; any refusal writes nothing.
 */
public interface DiscountCodes {

  Uni<Issue> issue(NewCode code);

  /**
   * A code to store.
   *
   * @param code the code and what it carries
   * @param ownerKeyId the store's owner key (pays the credit)
   * @param callerKeyId the key that asked
   * @param walletKeys the wallets' keys ({@code DiscountWallets.keys()})
   * @param proofNonce the walletProof's wallet (lower case) and nonce, used once with wallet
   *     sign-in's nonces
   * @param signed the signed text {@code {discount, sig, kid, pqSig, pqKid}}
   * @param credits 1 when the code carries a discount (2 read from a quorum of providers), else 0
   * @param fingerprint the request's identity: caller, store, wallets, proof and order
   * @param requestStartedAt when the request began: a stored twin created since then is a
   *     concurrent submit of the same request, and is answered instead
   * @param dailyLimit the store's per-wallet daily limit when it applies to this code
   * @param dayStart the start of the current UTC day
   * @param otherKeys the bounds on a paid code for a key that does not own the store, when they
   *     apply
   * @param orderTotal the order total in minor units, when sent
   */
  record NewCode(
      IssuedCode code,
      long ownerKeyId,
      long callerKeyId,
      List<String> walletKeys,
      Optional<ProofNonce> proofNonce,
      String signed,
      long credits,
      String fingerprint,
      Instant requestStartedAt,
      Optional<Integer> dailyLimit,
      Instant dayStart,
      Optional<OtherKeyBounds> otherKeys,
      Optional<Long> orderTotal) {
    public NewCode {
      Objects.requireNonNull(code, "code");
      walletKeys = List.copyOf(walletKeys);
      Objects.requireNonNull(signed, "signed");
    }
  }

  record ProofNonce(String wallet, String nonce) {}

  /**
   * What a key that does not own the store may still obtain there: codes that carry a discount,
   * counted per key since {@code hourStart} and for all such keys together since {@code
   * storeWindowStart}.
   *
   * @param perKey the key's limit per hour
   * @param hourStart an hour before now
   * @param perStore the store's bound on all other keys together (0 refuses every such code)
   * @param storeWindowStart 24 hours before now
   */
  record OtherKeyBounds(int perKey, Instant hourStart, int perStore, Instant storeWindowStart) {

    /** The store's window: a rolling 24 hours. */
    public static final Duration STORE_WINDOW = Duration.ofHours(24);

    public OtherKeyBounds {
      Objects.requireNonNull(hourStart, "hourStart");
      Objects.requireNonNull(storeWindowStart, "storeWindowStart");
    }
  }

  /** The outcome of {@link #issue}. */
  sealed interface Issue {
    /** Stored; the owner's balance after the debit (or as it is when nothing was taken). */
    record Issued(long ownerBalance) implements Issue {}

    /** A concurrent twin stored its code first: that code and its signed text. */
    record Replayed(IssuedCode code, String signed, long ownerBalance) implements Issue {}

    record NoCredits(long available) implements Issue {}

    record OwnerInactive() implements Issue {}

    record NonceUsed() implements Issue {}

    record DailyLimitReached(int limit) implements Issue {}

    record HourlyLimitReached(int limit) implements Issue {}

    /**
     * The store's bound on paid codes from other keys is reached; {@code freesAt} is when the code
     * that must leave the 24-hour window for one more to fit does.
     */
    record StoreLimitReached(int limit, Instant freesAt) implements Issue {}

    /** The code's text is taken by an earlier code: draw another. */
    record CodeTaken() implements Issue {}
  }

  Uni<Optional<IssuedCode>> find(DiscountCode code);

  /** A code with what binds its confirmation ({@code POST /v1/payment/confirm}). */
  Uni<Optional<Bound>> bound(DiscountCode code);

  /**
   * A stored code and its binding.
   *
   * @param code the code
   * @param ownerKeyId the store's owner key when the code was issued
   * @param issuerKeyId the key that asked for it
   * @param evmWallet the EVM wallet it was issued to (lower case), if any
   * @param solanaWallet the Solana wallet it was issued to, if any
   */
  record Bound(
      IssuedCode code,
      long ownerKeyId,
      long issuerKeyId,
      Optional<String> evmWallet,
      Optional<String> solanaWallet) {
    public Bound {
      Objects.requireNonNull(code, "code");
      Objects.requireNonNull(evmWallet, "evmWallet");
      Objects.requireNonNull(solanaWallet, "solanaWallet");
    }
  }

  /**
   * Marks a code used by {@code payment}, once, when it is not used and {@code now} is before
   * {@code confirmableUntil} (its expiry plus the confirm grace); a replay of the same payment says
   * so at any time.
   */
  Uni<Use> use(DiscountCode code, Payment payment, Instant now, Instant confirmableUntil);

  /** The outcome of {@link #use}. */
  sealed interface Use {
    record Used(IssuedCode code) implements Use {}

    /** This payment confirmed this code before. */
    record Replayed(IssuedCode code) implements Use {}

    record NotFound() implements Use {}

    record Expired(IssuedCode code) implements Use {}

    /** Confirmed before by another payment. */
    record AlreadyUsed(IssuedCode code) implements Use {}

    /** The transaction confirmed another code. */
    record PaymentTaken() implements Use {}
  }
}
