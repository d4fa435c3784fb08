package org.walletstate.adapters.chain.xrpl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.DoubleSupplier;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.adapters.chain.jsonrpc.JsonRpcChainConfig;
import org.walletstate.adapters.chain.jsonrpc.QuorumPinning;
import org.walletstate.adapters.chain.jsonrpc.RpcFailure;
import org.walletstate.adapters.chain.jsonrpc.SnapshotChainState;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.domain.address.XrplAddress;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.xrpl.TrustLineHolding;
import org.walletstate.domain.xrpl.XrplRead;

/**
 * The {@link ChainState} of the XRP Ledger (rippled or Clio JSON-RPC). The validated ledger is
 * resolved once ({@code ledger} with {@code ledger_index: "validated"}); every call then sends that
 * ledger's <em>number</em>, and every answer must say {@code validated: true} at that index, or the
 * call is retried (on the next endpoint: {@code lgrNotFound} means the server lacks the ledger).
 * Pagination markers belong to that ledger and are followed to a bound.
 *
 * <ul>
 *   <li>{@code account_info}: XRP in drops; {@code actNotFound} is an unfunded wallet (0). For an
 *       issuer, the global freeze flag ({@code lsfGlobalFreeze}, 0x00400000); an issuer that does
 *       not exist is unreadable.
 *   <li>{@code account_lines} with {@code peer}: the line in the currency; a negative balance (the
 *       wallet owes) holds 0; frozen when the issuer froze it ({@code freeze_peer} or {@code
 *       deep_freeze_peer}).
 *   <li>{@code account_nfts}: the NFTs whose {@code Issuer} (and taxon, when given) match; the walk
 *       stops at the first match, and gives up after {@link XrplRead.NftHeld#MAX_REQUESTS} pages.
 * </ul>
 */
public final class XrplChainState extends SnapshotChainState<XrplRead<?>> {

  static final long GLOBAL_FREEZE = 0x0040_0000L;

  /** The most {@code account_lines} pages one read walks. */
  static final int MAX_LINE_PAGES = 20;

  private static final int PAGE_LIMIT = 400;
  private static final System.Logger LOG = System.getLogger(XrplChainState.class.getName());

  /** With random jitter; {@code observer} is told of every exchange. */
  public XrplChainState(JsonRpcChainConfig config, Clock clock, ChainCallObserver observer) {
    super("xrpl", XrplRead::all, config, clock, JITTER, observer);
  }

  /**
   * @param random uniform values in {@code [0, 1)} for the backoff jitter
   */
  public XrplChainState(JsonRpcChainConfig config, Clock clock, DoubleSupplier random) {
    super("xrpl", XrplRead::all, config, clock, random, ChainCallObserver.NONE);
  }

  @Override
  protected ChainObservation observeNow(Set<XrplRead<?>> reads, Deadline deadline) {
    Anchor.XrplLedger ledger;
    try {
      ledger = latest(deadline);
    } catch (RpcFailure failure) {
      return new ChainObservation.HeadUnavailable(failure.getMessage());
    }
    return observeAt(reads, ledger, deadline);
  }

  /** Every read can name a past validated ledger: a quorum agrees on one by index and hash. */
  @Override
  protected QuorumPinning pinning() {
    return QuorumPinning.PINNED;
  }

  @Override
  protected long position(Anchor anchor) {
    return ((Anchor.XrplLedger) anchor).ledgerIndex();
  }

  /** The validated ledger: {@code ledger} with {@code ledger_index: "validated"}. */
  @Override
  protected Anchor.XrplLedger latest(Deadline deadline) throws RpcFailure {
    ObjectNode params = transport().object().put("ledger_index", "validated");
    return transport().call(request("ledger", params), deadline, a -> XrplAnswers.ledger(a, -1));
  }

  /** The validated ledger {@code index} as this server holds it: its hash. */
  @Override
  protected Anchor.XrplLedger at(long index, Deadline deadline) throws RpcFailure {
    ObjectNode params = transport().object().put("ledger_index", index);
    return transport().call(request("ledger", params), deadline, a -> XrplAnswers.ledger(a, index));
  }

  @Override
  protected ChainObservation observeAt(Set<XrplRead<?>> reads, Anchor anchor, Deadline deadline) {
    Anchor.XrplLedger ledger = (Anchor.XrplLedger) anchor;
    Map<ChainRead<?>, Reading<?>> readings = new LinkedHashMap<>();
    for (XrplRead<?> read : reads) {
      Reading<?> reading;
      try {
        reading = answer(read, ledger.ledgerIndex(), deadline);
      } catch (RpcFailure failure) {
        reading = new Reading.Unreadable<>(failure.getMessage());
      } catch (RuntimeException unexpected) {
        LOG.log(System.Logger.Level.WARNING, "xrpl read failed unexpectedly", unexpected);
        reading = new Reading.Unreadable<>("unexpected " + unexpected.getClass().getSimpleName());
      }
      readings.put(read, reading);
    }
    return new ChainObservation.Observed(ledger, Readings.of(readings));
  }

  private Reading<?> answer(XrplRead<?> read, long ledger, Deadline deadline) throws RpcFailure {
    if (read instanceof XrplRead.XrpDrops drops) {
      JsonNode data = accountData(drops.account(), ledger, deadline);
      if (data == null) {
        return new Reading.Value<>(BigInteger.ZERO);
      }
      return new Reading.Value<>(XrplAnswers.drops(data.get("Balance")));
    }
    if (read instanceof XrplRead.IssuerFrozen issuer) {
      JsonNode data = accountData(issuer.issuer(), ledger, deadline);
      if (data == null) {
        return new Reading.Unreadable<>("the issuer account does not exist");
      }
      JsonNode flags = data.get("Flags");
      if (flags == null || !flags.isIntegralNumber() || flags.asLong() < 0) {
        throw new RpcFailure("account_info: the issuer has no Flags");
      }
      return new Reading.Value<>((flags.asLong() & GLOBAL_FREEZE) != 0);
    }
    if (read instanceof XrplRead.TrustLine line) {
      return trustLine(line, ledger, deadline);
    }
    return nftHeld((XrplRead.NftHeld) read, ledger, deadline);
  }

  /** The account's root, or {@code null} when the account does not exist at the ledger. */
  private JsonNode accountData(XrplAddress account, long ledger, Deadline deadline)
      throws RpcFailure {
    ObjectNode params =
        transport().object().put("account", account.text()).put("ledger_index", ledger);
    return transport()
        .call(
            request("account_info", params),
            deadline,
            answer -> {
              JsonNode result = XrplAnswers.pinned(answer, ledger, true);
              if (result == null) {
                return null;
              }
              JsonNode data = result.get("account_data");
              if (data == null || !data.isObject()) {
                throw new RpcFailure("account_info: the answer has no account_data");
              }
              return data;
            });
  }

  private Reading<TrustLineHolding> trustLine(
      XrplRead.TrustLine line, long ledger, Deadline deadline) throws RpcFailure {
    ObjectNode params =
        transport()
            .object()
            .put("account", line.holder().text())
            .put("peer", line.issuer().text())
            .put("ledger_index", ledger)
            .put("limit", PAGE_LIMIT);
    Pages pages = new Pages("account_lines", params, ledger, deadline);
    TrustLineHolding found = TrustLineHolding.NONE;
    for (int page = 1; page <= MAX_LINE_PAGES; page++) {
      JsonNode result = pages.next();
      if (result == null) {
        return new Reading.Value<>(TrustLineHolding.NONE);
      }
      JsonNode lines = result.get("lines");
      if (lines == null || !lines.isArray()) {
        throw new RpcFailure("account_lines: the answer has no lines");
      }
      for (JsonNode entry : lines) {
        if (line.issuer().text().equals(entry.path("account").asText())
            && line.currency().matches(entry.path("currency").asText(null))) {
          found = XrplAnswers.holding(entry);
        }
      }
      if (pages.last()) {
        return new Reading.Value<>(found);
      }
    }
    return new Reading.Unreadable<>(
        "the wallet's trust lines span more than " + MAX_LINE_PAGES + " pages");
  }

  private Reading<Boolean> nftHeld(XrplRead.NftHeld nft, long ledger, Deadline deadline)
      throws RpcFailure {
    ObjectNode params =
        transport()
            .object()
            .put("account", nft.holder().text())
            .put("ledger_index", ledger)
            .put("limit", PAGE_LIMIT);
    Pages pages = new Pages("account_nfts", params, ledger, deadline);
    for (int page = 1; page <= XrplRead.NftHeld.MAX_REQUESTS; page++) {
      JsonNode result = pages.next();
      if (result == null) {
        return new Reading.Value<>(false);
      }
      JsonNode nfts = result.get("account_nfts");
      if (nfts == null || !nfts.isArray()) {
        throw new RpcFailure("account_nfts: the answer has no account_nfts");
      }
      for (JsonNode token : nfts) {
        JsonNode taxon = token.get("NFTokenTaxon");
        if (nft.issuer().text().equals(token.path("Issuer").asText())
            && nft.taxon()
                .map(t -> taxon != null && taxon.isIntegralNumber() && taxon.asLong() == t.value())
                .orElse(true)) {
          return new Reading.Value<>(true);
        }
      }
      if (pages.last()) {
        return new Reading.Value<>(false);
      }
    }
    return new Reading.Unreadable<>(XrplRead.NftHeld.TOO_MANY);
  }

  /**
   * The pages of one paginated call pinned to a ledger, read in turn: each page asks with the
   * marker of the one before it.
   */
  private final class Pages {
    private final String method;
    private final ObjectNode params;
    private final long ledger;
    private final Deadline deadline;
    private String marker;
    private boolean last;

    Pages(String method, ObjectNode params, long ledger, Deadline deadline) {
      this.method = method;
      this.params = params;
      this.ledger = ledger;
      this.deadline = deadline;
    }

    /** The next page's result, or {@code null} when the account does not exist at the ledger. */
    JsonNode next() throws RpcFailure {
      ObjectNode page = params.deepCopy();
      if (marker != null) {
        page.put("marker", marker);
      }
      JsonNode result =
          transport()
              .call(
                  request(method, page),
                  deadline,
                  answer -> XrplAnswers.pinned(answer, ledger, true));
      if (result != null) {
        JsonNode next = result.get("marker");
        last = next == null || next.isNull();
        marker = last ? null : next.isTextual() ? next.asText() : next.toString();
      }
      return result;
    }

    /** Whether the page read last was the last one. */
    boolean last() {
      return last;
    }
  }

  private ObjectNode request(String method, ObjectNode params) {
    ObjectNode request = transport().object().put("method", method);
    request.putArray("params").add(params);
    return request;
  }
}
