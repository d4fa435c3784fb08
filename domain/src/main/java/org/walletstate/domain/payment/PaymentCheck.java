package org.walletstate.domain.payment;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.payment.ChainTransfers.Transfer;

/**
 * The rules that make a transaction a payment to the service, in any chain family, in the order
 * they are applied: the transaction succeeded; it holds a transfer of an accepted stablecoin to the
 * receiving address; every such transfer comes from one sender in one token (the amounts are
 * summed); the amount, read from the chain in the token's decimals, is at least the minimum and
 * matches the amount the caller declared; and the block has enough confirmations. An EVM receipt's
 * transfers are its ERC-20 {@code Transfer} logs ({@link #transfers(TransferReceipt)}); other
 * families' readers report their transfers directly.
 */
public final class PaymentCheck {

  /** {@code keccak256("Transfer(address,address,uint256)")}. */
  public static final Bytes32 TRANSFER_TOPIC =
      Bytes32.parse("0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef", "topic");

  /** The smallest purchase, in USD. */
  public static final BigDecimal MINIMUM_USD = BigDecimal.valueOf(5);

  private PaymentCheck() {}

  /**
   * Judges an EVM receipt: {@link #check(PaymentChain, ChainTransfers, long, Optional)} of its
   * {@link #transfers(TransferReceipt)}.
   */
  public static PaymentVerdict check(
      PaymentChain rules, TransferReceipt receipt, long head, Optional<BigDecimal> declaredUsd) {
    return check(rules, transfers(receipt), head, declaredUsd);
  }

  /**
   * Judges a payment in stablecoins: {@link #check(PaymentChain, ChainTransfers, long, Optional,
   * Optional)} without a rate.
   */
  public static PaymentVerdict check(
      PaymentChain rules, ChainTransfers transaction, long head, Optional<BigDecimal> declaredUsd) {
    return check(rules, transaction, head, declaredUsd, MINIMUM_USD, Optional.empty());
  }

  /** A purchase (the {@link #MINIMUM_USD} minimum) paid in a coin valued at {@code rate}. */
  public static PaymentVerdict check(
      PaymentChain rules,
      ChainTransfers transaction,
      long head,
      Optional<BigDecimal> declaredUsd,
      Optional<UsdRate> rate) {
    return check(rules, transaction, head, declaredUsd, MINIMUM_USD, rate);
  }

  /**
   * @param rules what the chain accepts
   * @param transaction the transaction's outcome and transfers
   * @param head the chain's latest block (slot) number, read after the transaction
   * @param declaredUsd the amount the caller says it paid, when it said one: a cross-check only,
   *     made for stablecoins (a coin's USD value depends on the rate the service reads, which the
   *     caller cannot know)
   * @param minimum the smallest amount in USD: {@link #MINIMUM_USD} for a purchase; a discounted
   *     order paid to a store has none ({@link BigDecimal#ZERO})
   * @param rate the price of the chain's coin, required when it accepts a token that is not {@link
   *     PaymentToken#pegged()}
   * @throws IllegalArgumentException when a coin was paid and no rate given
   */
  public static PaymentVerdict check(
      PaymentChain rules,
      ChainTransfers transaction,
      long head,
      Optional<BigDecimal> declaredUsd,
      BigDecimal minimum,
      Optional<UsdRate> rate) {
    String tx = "transaction " + transaction.hash();
    if (transaction.failure().isPresent()) {
      return reject(tx + " " + transaction.failure().get() + " and moved no funds");
    }
    List<Transfer> transfers = transaction.transfers();
    List<Transfer> toService =
        transfers.stream().filter(t -> t.to().equals(rules.receiver())).toList();
    List<Transfer> paid =
        toService.stream().filter(t -> rules.token(t.token()).isPresent()).toList();
    if (paid.isEmpty()) {
      return reject(tx + " " + whyNoPayment(rules, transfers, toService));
    }
    Optional<String> mixed = mixed(tx, paid);
    if (mixed.isPresent()) {
      return reject(mixed.get());
    }
    PaymentToken token = rules.token(paid.get(0).token()).orElseThrow();
    BigInteger raw = paid.stream().map(Transfer::raw).reduce(BigInteger.ZERO, BigInteger::add);
    Value value = value(token, raw, rate);
    Optional<String> problem =
        amountProblem(tx, token, value, minimum, declaredUsd)
            .or(() -> confirmationProblem(tx, rules, transaction, head));
    if (problem.isPresent()) {
      return reject(problem.get());
    }
    return new PaymentVerdict.Accepted(
        new Payment(
            rules.chain(),
            transaction.hash(),
            paid.get(0).from(),
            token.symbol(),
            raw,
            value.usd(),
            transaction.minedAt()));
  }

  /** Why the transfers to the service are not one payment: several tokens, or several senders. */
  private static Optional<String> mixed(String tx, List<Transfer> paid) {
    Set<WalletAddress> tokens = paid.stream().map(Transfer::token).collect(toOrderedSet());
    Set<WalletAddress> senders = paid.stream().map(Transfer::from).collect(toOrderedSet());
    if (tokens.size() > 1) {
      return Optional.of(
          tx + " pays with more than one token; pay with one stablecoin per transaction");
    }
    if (senders.size() > 1) {
      return Optional.of(
          tx + " pays from more than one sender; a payment must come from one wallet");
    }
    return Optional.empty();
  }

  /**
   * What a payment is worth in USD, and how the refusals write what was paid.
   *
   * @param usd a stablecoin's amount, or a coin's value at the rate in whole cents
   * @param paid the amount and its token, and for a coin the value and the rate it was read at
   */
  private record Value(BigDecimal usd, String paid) {}

  /** {@code raw} units of {@code token} in USD: a stablecoin as it is, a coin at {@code rate}. */
  private static Value value(PaymentToken token, BigInteger raw, Optional<UsdRate> rate) {
    BigDecimal amount = plain(new BigDecimal(raw, token.decimals()));
    String paidText = amount.toPlainString() + " " + token.symbol();
    if (token.pegged()) {
      return new Value(amount, paidText);
    }
    UsdRate price =
        rate.orElseThrow(
            () -> new IllegalArgumentException("a payment in " + token.symbol() + " needs a rate"));
    BigDecimal usd = plain(price.usd(raw, token.decimals())); // whole cents, as stablecoins are
    return new Value(
        usd,
        paidText
            + " ("
            + usd.toPlainString()
            + " USD at "
            + price.usdPerCoin().toPlainString()
            + " "
            + price.pair()
            + ", block "
            + price.block()
            + ")");
  }

  /** Why the amount does not buy: under the minimum, or not the stablecoin amount declared. */
  private static Optional<String> amountProblem(
      String tx,
      PaymentToken token,
      Value value,
      BigDecimal minimum,
      Optional<BigDecimal> declaredUsd) {
    BigDecimal usd = value.usd();
    if (usd.compareTo(minimum) < 0) {
      return Optional.of(
          tx + " pays " + value.paid() + "; the minimum purchase is " + minimum + " USD");
    }
    // Messages alike by design: each refusal names what was paid and what it was held against.
    if (token.pegged() && declaredUsd.isPresent() && declaredUsd.get().compareTo(usd) != 0) {
      return Optional.of(
          "amount "
              + declaredUsd.get().toPlainString()
              + " does not match the "
              + usd.toPlainString()
              + " "
              + token.symbol()
              + " that "
              + tx
              + " paid");
    }
    return Optional.empty();
  }

  /** Why the block is not yet confirmed enough for the chain's rules. */
  private static Optional<String> confirmationProblem(
      String tx, PaymentChain rules, ChainTransfers transaction, long head) {
    long confirmations = head - transaction.block() + 1;
    if (confirmations >= rules.confirmations()) {
      return Optional.empty();
    }
    return Optional.of(
        tx
            + " has "
            + Math.max(0, confirmations)
            + " of the "
            + rules.confirmations()
            + " confirmations chain "
            + rules.chain()
            + " requires; send the request again once it has them");
  }

  private static String whyNoPayment(
      PaymentChain rules, List<Transfer> transfers, List<Transfer> toService) {
    String accepted =
        rules.tokens().stream()
            .map(t -> t.symbol() + " " + t.contract().text())
            .collect(Collectors.joining(", "));
    if (!toService.isEmpty()) {
      return "transfers "
          + toService.get(0).token().text()
          + " to the service, which is not a payment token on chain "
          + rules.chain()
          + " (accepted: "
          + accepted
          + ")";
    }
    Optional<Transfer> elsewhere =
        transfers.stream().filter(t -> rules.token(t.token()).isPresent()).findFirst();
    if (elsewhere.isPresent()) {
      return "transfers "
          + rules.token(elsewhere.get().token()).orElseThrow().symbol()
          + " to "
          + elsewhere.get().to().text()
          + ", not to the service's receiving address "
          + rules.receiver().text();
    }
    return "holds no transfer of "
        + accepted
        + " to the service's receiving address "
        + rules.receiver().text();
  }

  /**
   * An EVM receipt as payments see it: status 0 is a failure, and each ERC-20 {@code Transfer} log
   * (three topics, one data word) a transfer of the emitting contract's token.
   */
  public static ChainTransfers transfers(TransferReceipt receipt) {
    List<Transfer> out = new ArrayList<>();
    for (TransferReceipt.Log log : receipt.logs()) {
      if (log.topics().size() == 3
          && log.topics().get(0).equals(TRANSFER_TOPIC)
          && log.data().length() == 32) {
        out.add(
            new Transfer(
                log.address(),
                address(log.topics().get(1)),
                address(log.topics().get(2)),
                new BigInteger(1, log.data().toArray())));
      }
    }
    return new ChainTransfers(
        receipt.hash(),
        receipt.succeeded() ? Optional.empty() : Optional.of("reverted (status 0)"),
        receipt.blockNumber(),
        out);
  }

  private static EvmAddress address(Bytes32 topic) {
    return EvmAddress.ofBytes(topic.bytes().slice(12, 32).toArray());
  }

  private static BigDecimal plain(BigDecimal value) {
    BigDecimal stripped = value.stripTrailingZeros();
    return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
  }

  private static PaymentVerdict reject(String reason) {
    return new PaymentVerdict.Rejected(reason);
  }

  private static <T> java.util.stream.Collector<T, ?, Set<T>> toOrderedSet() {
    return Collectors.toCollection(LinkedHashSet::new);
  }
}
