package org.walletstate.adapters.chain.solana;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.DoubleSupplier;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.adapters.chain.jsonrpc.JsonRpcChainConfig;
import org.walletstate.adapters.chain.jsonrpc.QuorumPinning;
import org.walletstate.adapters.chain.jsonrpc.RpcFailure;
import org.walletstate.adapters.chain.jsonrpc.SnapshotChainState;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.application.port.out.ChainState;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.solana.SolanaRead;

/**
 * The {@link ChainState} of Solana. Solana RPC serves current state only, so a query is answered
 * from one snapshot, taken by this recipe at commitment {@code finalized}:
 *
 * <ol>
 *   <li>discover the owner's token accounts ({@code getTokenAccountsByOwner}: by mint for balances;
 *       by each token program, Token and Token-2022, for NFTs), noting the slots answered at;
 *   <li>read every account the reads need (the wallet, the mints, the token accounts, the NFTs'
 *       metadata) in one {@code getMultipleAccounts} with {@code minContextSlot} the highest of
 *       those slots: its {@code context.slot} is the anchor, and every value comes from it;
 *   <li>discover again with that slot as {@code minContextSlot}; if the set of token accounts
 *       changed, or an account read in step 2 is no longer the owner's token account of its mint,
 *       the snapshot is inconsistent and is taken again, up to {@value #SNAPSHOT_ROUNDS} times.
 * </ol>
 *
 * <p>A snapshot that cannot be taken (every endpoint failing, a deadline passed, inconsistency that
 * persists) is an unavailable head: {@code rpc_failure}, never a verdict. A snapshot needing more
 * than {@value #MAX_ACCOUNTS} accounts (the most one {@code getMultipleAccounts} returns) is read
 * as unreadable for the reads that need it.
 */
public final class SolanaChainState extends SnapshotChainState<SolanaRead<?>> {

  static final String TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
  static final String TOKEN_2022_PROGRAM = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";
  static final int MAX_ACCOUNTS = 100;
  static final int SNAPSHOT_ROUNDS = 3;

  /** The caller-facing detail of a snapshot that would need too many accounts. */
  static final String TOO_MANY_ACCOUNTS =
      "the wallet has more token accounts than one snapshot reads (" + MAX_ACCOUNTS + ")";

  private static final System.Logger LOG = System.getLogger(SolanaChainState.class.getName());

  private final SolanaRpc rpc;

  /** With random jitter; {@code observer} is told of every exchange. */
  public SolanaChainState(JsonRpcChainConfig config, Clock clock, ChainCallObserver observer) {
    super("solana", SolanaRead::all, config, clock, JITTER, observer);
    this.rpc = new SolanaRpc(transport());
  }

  /**
   * @param random uniform values in {@code [0, 1)} for the backoff jitter
   */
  public SolanaChainState(JsonRpcChainConfig config, Clock clock, DoubleSupplier random) {
    super("solana", SolanaRead::all, config, clock, random, ChainCallObserver.NONE);
    this.rpc = new SolanaRpc(transport());
  }

  @Override
  protected ChainObservation observeNow(Set<SolanaRead<?>> reads, Deadline deadline) {
    try {
      for (int round = 1; round <= SNAPSHOT_ROUNDS; round++) {
        Snapshot snapshot = new Snapshot(reads, deadline);
        ChainObservation observation = snapshot.take();
        if (observation != null) {
          return observation;
        }
        int tried = round;
        LOG.log(
            System.Logger.Level.DEBUG,
            () -> "solana snapshot " + tried + " was inconsistent; taking it again");
      }
      return new ChainObservation.HeadUnavailable(
          "the snapshot stayed inconsistent after " + SNAPSHOT_ROUNDS + " rounds");
    } catch (RpcFailure failure) {
      return new ChainObservation.HeadUnavailable(failure.getMessage());
    } catch (RuntimeException unexpected) {
      // an answer of a shape no check above foresaw: unreadable, never a verdict
      LOG.log(System.Logger.Level.WARNING, "solana snapshot failed unexpectedly", unexpected);
      return new ChainObservation.HeadUnavailable(
          "the snapshot failed: " + unexpected.getClass().getSimpleName());
    }
  }

  // pinning and position in the same shape as Stellar's, Sui's and Xrpl's by design: each family
  // says how its quorum is anchored and where an anchor lies, with its own javadoc.
  /**
   * Solana serves current state only ({@code minContextSlot} is a floor): a quorum's providers each
   * take their own snapshot at once, and must answer the same values at slots close together.
   */
  @Override
  protected QuorumPinning pinning() {
    return QuorumPinning.CURRENT;
  }

  @Override
  protected long position(Anchor anchor) {
    return ((Anchor.SolanaSlot) anchor).slot();
  }

  /** One discovery call: an owner's token accounts under one filter. */
  private record Discovery(String owner, String filterName, String filterValue) {}

  /** One attempt at a consistent snapshot of every read. */
  private final class Snapshot {

    private final Set<SolanaRead<?>> reads;
    private final Deadline deadline;
    private final Map<Discovery, SolanaRpc.TokenAccounts> discovered = new LinkedHashMap<>();

    Snapshot(Set<SolanaRead<?>> reads, Deadline deadline) {
      this.reads = reads;
      this.deadline = deadline;
    }

    /** The observation, or {@code null} when the snapshot was inconsistent. */
    ChainObservation take() throws RpcFailure {
      for (Discovery discovery : discoveries()) {
        discovered.put(discovery, discover(discovery, OptionalLong.empty()));
      }
      long floor =
          discovered.values().stream().mapToLong(SolanaRpc.TokenAccounts::slot).max().orElse(0);
      List<String> keys = new ArrayList<>(keys());
      if (keys.size() > MAX_ACCOUNTS) {
        return tooManyAccounts(floor);
      }
      if (keys.isEmpty()) {
        throw new IllegalArgumentException("a Solana query reads at least one account");
      }
      SolanaRpc.Accounts accounts = rpc.accounts(keys, floor, deadline);
      for (Map.Entry<Discovery, SolanaRpc.TokenAccounts> entry : discovered.entrySet()) {
        SolanaRpc.TokenAccounts again = discover(entry.getKey(), OptionalLong.of(accounts.slot()));
        if (!again.byPubkey().keySet().equals(entry.getValue().byPubkey().keySet())) {
          return null;
        }
      }
      Map<ChainRead<?>, Reading<?>> readings = new LinkedHashMap<>();
      for (SolanaRead<?> read : reads) {
        Reading<?> reading = answer(read, accounts.byPubkey());
        if (reading == null) {
          return null;
        }
        readings.put(read, reading);
      }
      return new ChainObservation.Observed(
          new Anchor.SolanaSlot(accounts.slot()), Readings.of(readings));
    }

    private SolanaRpc.TokenAccounts discover(Discovery discovery, OptionalLong minContextSlot)
        throws RpcFailure {
      return rpc.tokenAccounts(
          discovery.owner(),
          discovery.filterName(),
          discovery.filterValue(),
          minContextSlot,
          deadline);
    }

    private Set<Discovery> discoveries() {
      Set<Discovery> discoveries = new LinkedHashSet<>();
      for (SolanaRead<?> read : reads) {
        if (read instanceof SolanaRead.TokenAmount amount) {
          discoveries.add(new Discovery(amount.owner().text(), "mint", amount.mint().text()));
        } else if (read instanceof SolanaRead.NftHeld nft) {
          discoveries.add(new Discovery(nft.owner().text(), "programId", TOKEN_PROGRAM));
          discoveries.add(new Discovery(nft.owner().text(), "programId", TOKEN_2022_PROGRAM));
        }
      }
      return discoveries;
    }

    /** Every account the snapshot reads, each once. */
    private Set<String> keys() throws RpcFailure {
      Set<String> keys = new LinkedHashSet<>();
      for (SolanaRead<?> read : reads) {
        if (read instanceof SolanaRead.Lamports lamports) {
          keys.add(lamports.owner().text());
        } else if (read instanceof SolanaRead.MintDecimals decimals) {
          keys.add(decimals.mint().text());
        } else if (read instanceof SolanaRead.AccountOwner owner) {
          keys.add(owner.account().text());
        }
      }
      for (Map.Entry<Discovery, SolanaRpc.TokenAccounts> entry : discovered.entrySet()) {
        keys.addAll(entry.getValue().byPubkey().keySet());
        if (entry.getKey().filterName().equals("programId")) {
          for (JsonNode info : entry.getValue().byPubkey().values()) {
            if (SolanaAccounts.nftLike(info)) {
              keys.add(SolanaAccounts.metadataOf(SolanaRpc.text(info, "mint")));
            }
          }
        }
      }
      return keys;
    }

    private ChainObservation tooManyAccounts(long slot) {
      Map<ChainRead<?>, Reading<?>> readings = new LinkedHashMap<>();
      reads.forEach(read -> readings.put(read, new Reading.Unreadable<>(TOO_MANY_ACCOUNTS)));
      return new ChainObservation.Observed(new Anchor.SolanaSlot(slot), Readings.of(readings));
    }

    /** The reading of {@code read} from the snapshot, or {@code null} if it is inconsistent. */
    private Reading<?> answer(SolanaRead<?> read, Map<String, JsonNode> accounts)
        throws RpcFailure {
      if (read instanceof SolanaRead.Lamports lamports) {
        JsonNode account = accounts.get(lamports.owner().text());
        return new Reading.Value<>(
            account == null
                ? BigInteger.ZERO
                : SolanaRpc.unsigned(account.get("lamports"), "lamports"));
      }
      if (read instanceof SolanaRead.MintDecimals decimals) {
        return SolanaAccounts.mintDecimals(accounts.get(decimals.mint().text()));
      }
      if (read instanceof SolanaRead.AccountOwner owner) {
        JsonNode account = accounts.get(owner.account().text());
        return new Reading.Value<>(account == null ? "" : account.path("owner").asText());
      }
      if (read instanceof SolanaRead.TokenAmount amount) {
        SolanaRpc.TokenAccounts found =
            discovered.get(new Discovery(amount.owner().text(), "mint", amount.mint().text()));
        BigInteger sum = BigInteger.ZERO;
        for (String pubkey : found.byPubkey().keySet()) {
          JsonNode info = SolanaAccounts.tokenInfo(accounts.get(pubkey));
          if (info == null
              || !amount.owner().text().equals(info.path("owner").asText())
              || !amount.mint().text().equals(info.path("mint").asText())) {
            return null;
          }
          sum = sum.add(SolanaRpc.unsigned(info.path("tokenAmount").get("amount"), "amount"));
        }
        return new Reading.Value<>(sum);
      }
      SolanaRead.NftHeld nft = (SolanaRead.NftHeld) read;
      return nftHeld(nft, accounts);
    }

    private Reading<?> nftHeld(SolanaRead.NftHeld nft, Map<String, JsonNode> accounts)
        throws RpcFailure {
      String owner = nft.owner().text();
      boolean held = false;
      for (String program : List.of(TOKEN_PROGRAM, TOKEN_2022_PROGRAM)) {
        SolanaRpc.TokenAccounts found = discovered.get(new Discovery(owner, "programId", program));
        for (String pubkey : found.byPubkey().keySet()) {
          JsonNode info = SolanaAccounts.tokenInfo(accounts.get(pubkey));
          if (info == null || !owner.equals(info.path("owner").asText())) {
            return null;
          }
          if (!SolanaAccounts.nftLike(info)) {
            continue;
          }
          String mint = SolanaRpc.text(info, "mint");
          if (mint.equals(nft.mint().text())) {
            held = true;
            continue;
          }
          JsonNode metadata = accounts.get(SolanaAccounts.metadataOf(mint));
          if (SolanaAccounts.inVerifiedCollection(metadata, mint, nft.mint().bytes())) {
            held = true;
          }
        }
      }
      return new Reading.Value<>(held);
    }
  }
}
