package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.WireName;
import org.walletstate.domain.account.ApiKeyHash;
import org.walletstate.domain.account.AppName;
import org.walletstate.domain.account.ChannelTag;
import org.walletstate.domain.account.KeyDelivery;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payment.Payment;

/**
 * Credits bought with verified payments. Each call is one transaction that records the payment
 * under its transaction hash — unique, so a hash credits once ever, also under concurrent replays —
 * together with the purchase entry in the ledger and the balance it explains. A call that is
 * refused writes nothing.
 */
public interface Purchases {

  /** {@code POST /v1/keys/buy}: a new key whose identity is the payment's sender. */
  Uni<KeyPurchase> buyKey(NewPaidKey key);

  /** {@code POST /v1/credits/buy}: credits for an existing key, checking its registered wallet. */
  Uni<CreditPurchase> buyCredits(CreditsBought purchase);

  /**
   * @param hash the new key's hash
   * @param appName what it is for
   * @param plan its plan
   * @param version its era
   * @param delivery how it was handed over
   * @param channel the partner tag, if any
   * @param payment the verified payment; its sender becomes the key's wallet
   * @param credits what the payment buys
   * @param passPending true when an access pass is to be minted to the wallet
   * @param at when
   * @param intentId the payment intent claimed with it: then the key gets no wallet (the sender may
   *     be an exchange's), and the intent is marked claimed in the same transaction
   */
  record NewPaidKey(
      ApiKeyHash hash,
      AppName appName,
      Plan plan,
      KeyVersion version,
      KeyDelivery delivery,
      Optional<ChannelTag> channel,
      Payment payment,
      long credits,
      boolean passPending,
      Instant at,
      Optional<String> intentId) {
    public NewPaidKey {
      Objects.requireNonNull(hash, "hash");
      Objects.requireNonNull(payment, "payment");
      Objects.requireNonNull(intentId, "intentId");
      requireCredits(credits);
    }
  }

  /**
   * @param keyId the buying key
   * @param payment the verified payment
   * @param credits what it buys
   * @param replaceWallet true to make the sender the key's wallet whatever it was
   * @param at when
   * @param purpose what the credits were bought through
   * @param payer how the caller showed the payment is theirs: only a proven sender may register or
   *     replace the key's wallet; an intent's payment changes no wallet
   */
  record CreditsBought(
      long keyId,
      Payment payment,
      long credits,
      boolean replaceWallet,
      Instant at,
      Purpose purpose,
      Payer payer) {
    public CreditsBought {
      Objects.requireNonNull(payment, "payment");
      Objects.requireNonNull(payer, "payer");
      Objects.requireNonNull(purpose, "purpose");
      requireCredits(credits);
    }
  }

  /** The rule every purchase shares: it adds credits. */
  private static void requireCredits(long credits) {
    if (credits <= 0) {
      throw new IllegalArgumentException("a purchase adds credits");
    }
  }

  /**
   * How a purchase's caller showed the payment is theirs.
   *
   * @param senderProven the sending wallet signed the claim
   * @param intentId the payment intent it was claimed with
   */
  record Payer(boolean senderProven, Optional<String> intentId) {
    public static final Payer UNPROVEN = new Payer(false, Optional.empty());
    public static final Payer PROVEN = new Payer(true, Optional.empty());

    public Payer {
      Objects.requireNonNull(intentId, "intentId");
    }

    public static Payer intent(String id) {
      return new Payer(false, Optional.of(id));
    }
  }

  /**
   * What credits for an existing key were bought through (the payment's {@code purpose}); its
   * {@link #wireName()} is the name stored in {@code payment.purpose}.
   */
  enum Purpose implements WireName {
    /** {@code POST /v1/credits/buy}. */
    CREDITS,
    /** {@code POST /v1/merchants/{id}/credits}. */
    MERCHANT_CREDITS
  }

  /** The outcome of buying a key. */
  sealed interface KeyPurchase {
    record Created(long keyId, long balance) implements KeyPurchase {}

    /** The sender already identifies a key (one key per wallet); nothing was written. */
    record WalletHasKey() implements KeyPurchase {}

    /** The transaction credited before; nothing was written. */
    record AlreadyCredited() implements KeyPurchase {}

    /** The payment intent was claimed before, by another transaction; nothing was written. */
    record IntentUsed() implements KeyPurchase {}
  }

  /** The outcome of buying credits. */
  sealed interface CreditPurchase {
    /**
     * @param balance the key's credits after the purchase
     * @param walletChanged true when the sender became the key's wallet now (first purchase, or a
     *     replacement)
     */
    record Credited(long balance, boolean walletChanged) implements CreditPurchase {}

    /** The key's registered wallet is another; nothing was written. */
    record WalletMismatch(String registered) implements CreditPurchase {}

    /** The sender is the registered wallet of another key; nothing was written. */
    record WalletOfAnotherKey() implements CreditPurchase {}

    /** The transaction credited before; nothing was written. */
    record AlreadyCredited() implements CreditPurchase {}

    /** The payment intent was claimed before, by another transaction; nothing was written. */
    record IntentUsed() implements CreditPurchase {}

    /**
     * The purchase would register or replace the key's wallet, and the caller did not prove it is
     * the sender; nothing was written.
     *
     * @param registered the key's wallet, if it has one
     */
    record SenderNotProven(Optional<String> registered) implements CreditPurchase {}
  }
}
