package org.walletstate.adapters.chain.stellar;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.DoubleSupplier;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.adapters.chain.jsonrpc.JsonRpcChainConfig;
import org.walletstate.adapters.chain.jsonrpc.JsonRpcTransport;
import org.walletstate.adapters.chain.jsonrpc.QuorumPinning;
import org.walletstate.adapters.chain.jsonrpc.RpcFailure;
import org.walletstate.adapters.chain.jsonrpc.SnapshotChainState;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.domain.address.StellarAddress;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.stellar.StellarRead;
import org.walletstate.domain.stellar.StellarTrustLine;

/**
 * The {@link ChainState} of Stellar, read from Horizon's REST API. Horizon cannot read past
 * ledgers, so a snapshot is taken this way:
 *
 * <ol>
 *   <li>{@code GET /accounts/{G…}} once per account the query reads: its {@code balances[]} (native
 *       and trustlines, inline, not paged), and the {@code Latest-Ledger} header, the ledger
 *       Horizon had ingested when it answered. A 404 is an account that does not exist (nothing
 *       held). Every account must be answered at the same ledger, and no account may have been
 *       modified after it; otherwise the round is taken again, a few times at most.
 *   <li>{@code GET /ledgers/{index}}: that ledger's hash, which with the index is the anchor.
 * </ol>
 *
 * Amounts are decimal strings of at most 7 decimals (stroops); one with more, or not a decimal, is
 * unreadable. Soroban contract balances are not in Horizon's account view and are not read.
 */
public final class StellarChainState extends SnapshotChainState<StellarRead<?>> {

  /** How often the accounts of one query are read again when they answer at different ledgers. */
  static final int ROUNDS = 3;

  private static final int DECIMALS = 7;
  private static final Pattern AMOUNT = Pattern.compile("[0-9]{1,20}(\\.[0-9]{1,7})?");
  private static final Pattern HASH = Pattern.compile("[0-9a-fA-F]{64}");
  private static final System.Logger LOG = System.getLogger(StellarChainState.class.getName());

  /** An account as Horizon showed it at {@code ledger}: its balances, none when it is missing. */
  private record AccountView(long ledger, Optional<JsonNode> balances) {}

  // Constructors in the same shape as SuiChainState's and XrplChainState's by design: each family
  // hands the snapshot reader its own name and reads.
  /** With random jitter; {@code observer} is told of every exchange. */
  public StellarChainState(JsonRpcChainConfig config, Clock clock, ChainCallObserver observer) {
    super("stellar", StellarRead::all, config, clock, JITTER, observer);
  }

  /**
   * @param random uniform values in {@code [0, 1)} for the backoff jitter
   */
  public StellarChainState(JsonRpcChainConfig config, Clock clock, DoubleSupplier random) {
    super("stellar", StellarRead::all, config, clock, random, ChainCallObserver.NONE);
  }

  @Override
  protected ChainObservation observeNow(Set<StellarRead<?>> reads, Deadline deadline) {
    Map<StellarAddress, AccountView> accounts = new LinkedHashMap<>();
    Map<StellarAddress, String> failed = new LinkedHashMap<>();
    Long ledger = null;
    for (int round = 1; round <= ROUNDS; round++) {
      accounts.clear();
      failed.clear();
      for (StellarRead<?> read : reads) {
        StellarAddress account = accountOf(read);
        if (accounts.containsKey(account) || failed.containsKey(account)) {
          continue;
        }
        try {
          accounts.put(account, account(account, deadline));
        } catch (RpcFailure failure) {
          failed.put(account, failure.getMessage());
        }
      }
      Set<Long> ledgers =
          accounts.values().stream().map(AccountView::ledger).collect(Collectors.toSet());
      if (ledgers.size() <= 1) {
        ledger = ledgers.isEmpty() ? null : ledgers.iterator().next();
        break;
      }
      LOG.log(System.Logger.Level.DEBUG, "stellar: accounts answered at ledgers {0}", ledgers);
      if (round == ROUNDS) {
        return new ChainObservation.HeadUnavailable(
            "Horizon answered the accounts at different ledgers " + ROUNDS + " times");
      }
    }
    if (ledger == null) {
      return new ChainObservation.HeadUnavailable(
          "no account could be read: " + String.join("; ", failed.values()));
    }
    Anchor.StellarLedger anchor;
    try {
      anchor = ledger(ledger, deadline);
    } catch (RpcFailure failure) {
      return new ChainObservation.HeadUnavailable(failure.getMessage());
    }
    Map<ChainRead<?>, Reading<?>> readings = new LinkedHashMap<>();
    for (StellarRead<?> read : reads) {
      StellarAddress account = accountOf(read);
      AccountView view = accounts.get(account);
      Reading<?> reading;
      if (view == null) {
        reading = new Reading.Unreadable<>(failed.get(account));
      } else {
        try {
          reading = answer(read, view);
        } catch (RpcFailure failure) {
          reading = new Reading.Unreadable<>(failure.getMessage());
        }
      }
      readings.put(read, reading);
    }
    return new ChainObservation.Observed(anchor, Readings.of(readings));
  }

  /**
   * Horizon serves current state only (no "as of ledger" query): a quorum's providers each take
   * their own snapshot at once, and must answer the same values at ledgers close together, with the
   * same hash where at the same ledger.
   */
  @Override
  protected QuorumPinning pinning() {
    return QuorumPinning.CURRENT;
  }

  @Override
  protected long position(Anchor anchor) {
    return ((Anchor.StellarLedger) anchor).ledgerIndex();
  }

  private static StellarAddress accountOf(StellarRead<?> read) {
    if (read instanceof StellarRead.LumenStroops lumens) {
      return lumens.account();
    }
    return ((StellarRead.TrustLine) read).holder();
  }

  private AccountView account(StellarAddress account, Deadline deadline) throws RpcFailure {
    return transport()
        .getAnswer(
            "accounts/" + account.text(),
            deadline,
            answer -> {
              long latest = latestLedger(answer);
              if (answer.status() == 404) {
                return new AccountView(latest, Optional.empty());
              }
              if (answer.status() != 200) {
                throw new RpcFailure("accounts: HTTP status " + answer.status());
              }
              JsonNode body = answer.body();
              if (!account.text().equals(body.path("account_id").asText(""))) {
                throw new RpcFailure("accounts: the answer is about another account");
              }
              JsonNode modified = body.get("last_modified_ledger");
              if (modified != null && modified.canConvertToLong() && modified.asLong() > latest) {
                throw new RpcFailure("accounts: the account changed after the answer's ledger");
              }
              JsonNode balances = body.get("balances");
              if (balances == null || !balances.isArray()) {
                throw new RpcFailure("accounts: the answer has no balances");
              }
              return new AccountView(latest, Optional.of(balances));
            });
  }

  private static long latestLedger(JsonRpcTransport.HttpAnswer answer) throws RpcFailure {
    String header = answer.headers().firstValue("Latest-Ledger").orElse("");
    if (!header.matches("[1-9][0-9]{0,17}")) {
      throw new RpcFailure("the answer has no Latest-Ledger header");
    }
    return Long.parseLong(header);
  }

  private Anchor.StellarLedger ledger(long index, Deadline deadline) throws RpcFailure {
    return transport()
        .getAnswer(
            "ledgers/" + index,
            deadline,
            answer -> {
              if (answer.status() != 200) {
                throw new RpcFailure("ledgers: HTTP status " + answer.status());
              }
              JsonNode sequence = answer.body().get("sequence");
              if (sequence == null
                  || !sequence.isIntegralNumber()
                  || !sequence.canConvertToLong()
                  || sequence.asLong() != index) {
                throw new RpcFailure("ledgers: the answer is not ledger " + index);
              }
              String hash = answer.body().path("hash").asText("");
              if (!HASH.matcher(hash).matches()) {
                throw new RpcFailure("ledgers: the answer has no hash");
              }
              return new Anchor.StellarLedger(index, hash.toLowerCase(Locale.ROOT));
            });
  }

  private static Reading<?> answer(StellarRead<?> read, AccountView view) throws RpcFailure {
    if (read instanceof StellarRead.LumenStroops) {
      if (view.balances().isEmpty()) {
        return new Reading.Value<>(BigInteger.ZERO);
      }
      for (JsonNode entry : view.balances().get()) {
        if ("native".equals(entry.path("asset_type").asText())) {
          return new Reading.Value<>(stroops(entry));
        }
      }
      throw new RpcFailure("accounts: the answer has no native balance");
    }
    StellarRead.TrustLine line = (StellarRead.TrustLine) read;
    if (view.balances().isEmpty()) {
      return new Reading.Value<>(StellarTrustLine.NONE);
    }
    for (JsonNode entry : view.balances().get()) {
      if (line.code().horizonAssetType().equals(entry.path("asset_type").asText())
          && line.code().text().equals(entry.path("asset_code").asText())
          && line.issuer().text().equals(entry.path("asset_issuer").asText())) {
        JsonNode authorized = entry.get("is_authorized");
        if (authorized == null || !authorized.isBoolean()) {
          throw new RpcFailure("accounts: a trustline has no is_authorized");
        }
        return new Reading.Value<>(new StellarTrustLine(stroops(entry), authorized.asBoolean()));
      }
    }
    return new Reading.Value<>(StellarTrustLine.NONE);
  }

  /** A balance as stroops; one with no exact 7-decimal form is a failure. */
  static BigInteger stroops(JsonNode entry) throws RpcFailure {
    JsonNode balance = entry.get("balance");
    if (balance == null || !balance.isTextual() || !AMOUNT.matcher(balance.asText()).matches()) {
      throw new RpcFailure("accounts: a balance is not an amount of at most 7 decimals");
    }
    return new BigDecimal(balance.asText()).movePointRight(DECIMALS).toBigIntegerExact();
  }
}
