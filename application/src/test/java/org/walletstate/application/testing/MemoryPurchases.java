package org.walletstate.application.testing;

import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.walletstate.application.port.out.Purchases;
import org.walletstate.domain.payment.Payment;

/**
 * Purchases in memory, crediting a {@link MemoryCreditLedger}, with the port's rules: a transaction
 * credits once ever, an intent is claimed once, a wallet identifies one key, a bought key's sender
 * becomes its wallet unless it was claimed with an intent, and credits for a key check its
 * registered wallet (registering or replacing it needs a proven sender; an intent's payment changes
 * no wallet). A refused purchase writes nothing.
 */
public final class MemoryPurchases implements Purchases {

  private final MemoryCreditLedger ledger;
  private final Set<String> transactions = new HashSet<>();
  private final Set<String> claimedIntents = new HashSet<>();
  private final Map<Long, String> wallets = new HashMap<>();
  private final List<NewPaidKey> keys = new ArrayList<>();
  private final List<CreditsBought> credits = new ArrayList<>();
  private long nextKeyId = 100;

  public MemoryPurchases(MemoryCreditLedger ledger) {
    this.ledger = ledger;
  }

  /** Registers {@code wallet} (its text) as {@code keyId}'s wallet. */
  public synchronized MemoryPurchases withWallet(long keyId, String wallet) {
    wallets.put(keyId, wallet);
    return this;
  }

  public synchronized Optional<String> walletOf(long keyId) {
    return Optional.ofNullable(wallets.get(keyId));
  }

  /** The keys stored, in order. */
  public synchronized List<NewPaidKey> keys() {
    return List.copyOf(keys);
  }

  /** The credit purchases stored, in order. */
  public synchronized List<CreditsBought> credits() {
    return List.copyOf(credits);
  }

  @Override
  public synchronized Uni<KeyPurchase> buyKey(NewPaidKey key) {
    KeyPurchase outcome;
    String sender = key.payment().sender().text();
    if (transactions.contains(txOf(key.payment()))) {
      outcome = new KeyPurchase.AlreadyCredited();
    } else if (key.intentId().isPresent() && claimedIntents.contains(key.intentId().get())) {
      outcome = new KeyPurchase.IntentUsed();
    } else if (key.intentId().isEmpty() && wallets.containsValue(sender)) {
      outcome = new KeyPurchase.WalletHasKey();
    } else {
      long keyId = nextKeyId++;
      record(key.payment(), key.intentId());
      if (key.intentId().isEmpty()) {
        wallets.put(keyId, sender);
      }
      keys.add(key);
      outcome = new KeyPurchase.Created(keyId, credit(keyId, key.credits()));
    }
    return Uni.createFrom().item(outcome);
  }

  @Override
  public synchronized Uni<CreditPurchase> buyCredits(CreditsBought purchase) {
    return Uni.createFrom().item(creditsOutcome(purchase));
  }

  private CreditPurchase creditsOutcome(CreditsBought purchase) {
    Optional<String> intent = purchase.payer().intentId();
    if (transactions.contains(txOf(purchase.payment()))) {
      return new CreditPurchase.AlreadyCredited();
    }
    if (intent.isPresent() && claimedIntents.contains(intent.get())) {
      return new CreditPurchase.IntentUsed();
    }
    String sender = purchase.payment().sender().text();
    Optional<String> registered = walletOf(purchase.keyId());
    boolean changesWallet =
        intent.isEmpty()
            && (registered.isEmpty()
                || purchase.replaceWallet() && !registered.get().equals(sender));
    if (changesWallet) {
      if (!purchase.payer().senderProven()) {
        return new CreditPurchase.SenderNotProven(registered);
      }
      if (wallets.containsValue(sender)) {
        return new CreditPurchase.WalletOfAnotherKey();
      }
      wallets.put(purchase.keyId(), sender);
    } else if (intent.isEmpty() && !registered.get().equals(sender)) {
      return new CreditPurchase.WalletMismatch(registered.get());
    }
    record(purchase.payment(), intent);
    credits.add(purchase);
    return new CreditPurchase.Credited(credit(purchase.keyId(), purchase.credits()), changesWallet);
  }

  private void record(Payment payment, Optional<String> intent) {
    transactions.add(txOf(payment));
    intent.ifPresent(claimedIntents::add);
  }

  private long credit(long keyId, long amount) {
    long balance = ledger.balanceOf(keyId) + amount;
    ledger.withBalance(keyId, balance);
    return balance;
  }

  private static String txOf(Payment payment) {
    return payment.chain() + "/" + payment.hash().text();
  }
}
