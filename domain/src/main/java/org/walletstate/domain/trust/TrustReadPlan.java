package org.walletstate.domain.trust;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.holding.HoldingBatch;
import org.walletstate.domain.holding.WalletHolding;
import org.walletstate.domain.holding.family.HoldingFamilies;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.observation.ChainQuery;
import org.walletstate.domain.proof.ProofTarget;

/**
 * What one profile, or one batch of profiles, reads on each chain: every token and NFT row of every
 * wallet is a holding asked of the holdings kernel, which reads all of a chain's holdings together
 * ({@link HoldingFamilies}: on an EVM chain a single Multicall3 {@code aggregate3}), and the code
 * of each wallet where the chain has account rows. The adapter anchors each chain once and sends
 * these in one JSON-RPC batch pinned to that block, so every wallet of a batch is read at the same
 * block, and a chain costs one head read and one round trip whatever the number of wallets.
 *
 * <p>Rows of the other families whose wallet was given are read through their family's reader: one
 * {@link ChainRead} per row and wallet, all of a chain's reads in one query at one anchor (a slot,
 * a validated ledger, the tip, the solidified head, a ledger, a checkpoint).
 */
public final class TrustReadPlan {

  private final TrustCheckList list;
  private final Set<ChainId> walletChains;
  private final Map<ChainId, HoldingBatch> batches;
  private final Map<ChainId, Set<EvmAddress>> codeReads;
  private final Map<ChainId, Set<ProofTarget.Erc20Balance>> proofs;
  private final Optional<Assurance> assurance;

  private TrustReadPlan(
      TrustCheckList list,
      Set<ChainId> walletChains,
      Map<ChainId, HoldingBatch> batches,
      Map<ChainId, Set<EvmAddress>> codeReads,
      Map<ChainId, Set<ProofTarget.Erc20Balance>> proofs,
      Optional<Assurance> assurance) {
    // Fields written out by design: each class holds only what it is given.
    this.list = list;
    this.walletChains = walletChains;
    this.batches = batches;
    this.codeReads = codeReads;
    this.proofs = proofs;
    this.assurance = assurance;
  }

  /** The plan for the profiles of {@code wallets}, read together, without proofs. */
  public static TrustReadPlan of(TrustCheckList list, List<TrustWallets> wallets) {
    return of(list, wallets, false);
  }

  /**
   * The plan for the profiles of {@code wallets}, read together.
   *
   * @param proof whether Merkle proofs are asked for: then every ERC-20 row of every wallet is a
   *     balance-slot proof target, and its {@code balanceOf} and {@code decimals()} are read on
   *     their own beside the aggregate (the proof is checked against them, as attest's is). Proofs
   *     cost more rounds than the profile's floor (slot search, {@code eth_getProof}).
   */
  public static TrustReadPlan of(TrustCheckList list, List<TrustWallets> wallets, boolean proof) {
    return of(list, wallets, proof, Optional.empty());
  }

  /**
   * The plan for the profiles of {@code wallets}, read together, each chain from as many providers
   * as {@code assurance} asks (one when it is empty).
   *
   * @param assurance the request's {@code assurance}, when sent: then every row read from a chain
   *     signs the chain's {@code readAssurance}; empty signs nothing more
   */
  public static TrustReadPlan of(
      TrustCheckList list,
      List<TrustWallets> wallets,
      boolean proof,
      Optional<Assurance> assurance) {
    Objects.requireNonNull(list, "list");
    Objects.requireNonNull(assurance, "assurance");
    if (wallets.isEmpty()) {
      throw new IllegalArgumentException("a plan is for at least one wallet");
    }
    Rows rows = new Rows();
    for (TrustWallets entry : wallets) {
      for (TrustDimension dimension : list.dimensions(entry)) {
        for (TrustCheck check : list.checks(dimension)) {
          rows.add(check, entry, proof);
        }
      }
    }
    return rows.plan(list, assurance);
  }

  /** The rows of a plan's wallets, gathered chain by chain in the order the list names them. */
  private static final class Rows {
    private final Map<ChainId, Chain> chains = new LinkedHashMap<>();
    private final Map<ChainId, List<WalletHolding>> ofWallet = new LinkedHashMap<>();
    private final Map<ChainId, List<WalletHolding>> ofOthers = new LinkedHashMap<>();
    private final Map<ChainId, Set<EvmAddress>> codes = new LinkedHashMap<>();
    private final Map<ChainId, Set<ProofTarget.Erc20Balance>> targets = new LinkedHashMap<>();

    void add(TrustCheck check, TrustWallets entry, boolean proof) {
      ChainId chain = check.chain().id();
      Optional<WalletAddress> wallet = wallet(check, entry);
      if (wallet.isEmpty()) {
        return;
      }
      Optional<WalletHolding> holding = check.holding(wallet.get());
      if (holding.isEmpty()) {
        codes.computeIfAbsent(chain, id -> new LinkedHashSet<>()).add(entry.evm());
        return;
      }
      chains.putIfAbsent(chain, check.chain());
      (check.subject().evm() ? ofWallet : ofOthers)
          .computeIfAbsent(chain, id -> new ArrayList<>())
          .add(holding.get());
      if (proof && check.subject() instanceof TrustCheck.Erc20 token) {
        targets
            .computeIfAbsent(chain, id -> new LinkedHashSet<>())
            .add(new ProofTarget.Erc20Balance(token.token(), entry.evm()));
      }
    }

    TrustReadPlan plan(TrustCheckList list, Optional<Assurance> assurance) {
      Map<ChainId, List<WalletHolding>> all = new LinkedHashMap<>(ofWallet);
      ofOthers.forEach(
          (chain, held) -> all.computeIfAbsent(chain, id -> new ArrayList<>()).addAll(held));
      Map<ChainId, HoldingBatch> batches = new LinkedHashMap<>();
      all.forEach(
          (chain, held) -> batches.put(chain, HoldingFamilies.on(chains.get(chain)).batch(held)));
      Set<ChainId> walletChains = new LinkedHashSet<>(ofWallet.keySet());
      walletChains.addAll(codes.keySet());
      codes.replaceAll((chain, accounts) -> Collections.unmodifiableSet(accounts));
      targets.replaceAll((chain, onChain) -> Collections.unmodifiableSet(onChain));
      return new TrustReadPlan(
          list,
          Collections.unmodifiableSet(walletChains),
          Collections.unmodifiableMap(batches),
          Collections.unmodifiableMap(codes),
          Collections.unmodifiableMap(targets),
          assurance);
    }
  }

  /**
   * The wallet a row is read for: the profile's {@code wallet} for its token, NFT and account rows;
   * for another family's row, the request's wallet of that family, empty when it was not given.
   */
  static Optional<WalletAddress> wallet(TrustCheck check, TrustWallets wallets) {
    return check.subject().evm()
        ? Optional.of(wallets.evm())
        : wallets.other(check.chain().family());
  }

  public TrustCheckList list() {
    return list;
  }

  /**
   * The chains to anchor: the chains of the profile's {@code wallet} in the order the list first
   * names them (those with token or NFT rows, then those with account rows only), then the other
   * families' chains whose wallet was given.
   */
  public Set<ChainId> chains() {
    Set<ChainId> chains = new LinkedHashSet<>(walletChains);
    chains.addAll(batches.keySet());
    return Collections.unmodifiableSet(chains);
  }

  /**
   * The chains of the profile's {@code wallet}, the EVM chains (each costs one head read and one
   * round trip).
   */
  public Set<ChainId> evmChains() {
    return walletChains;
  }

  /**
   * What to observe on {@code chain}: one round, no follow-ups; the holdings of every row in as few
   * calls as the chain's family can (one {@code aggregate3} on an EVM chain), and the wallets'
   * code; with proofs, the ERC-20 rows' balance slots to prove and the reads the proofs are checked
   * against; from as many providers as the request's assurance asks.
   */
  public ChainQuery query(ChainId chain) {
    Set<ChainRead<?>> reads = new LinkedHashSet<>();
    Optional.ofNullable(batches.get(chain)).ifPresent(batch -> reads.addAll(batch.reads()));
    codeReads.getOrDefault(chain, Set.of()).forEach(w -> reads.add(new EvmRead.AccountCode(w)));
    if (reads.isEmpty()) {
      throw new IllegalArgumentException("the plan reads nothing on chain " + chain);
    }
    Set<ProofTarget.Erc20Balance> toProve = proofs.getOrDefault(chain, Set.of());
    for (ProofTarget.Erc20Balance target : toProve) {
      reads.add(new EvmRead.Erc20BalanceOf(target.token(), target.holder()));
      reads.add(new EvmRead.Erc20Decimals(target.token()));
    }
    return new ChainQuery(
        reads,
        firstRound -> Set.of(),
        new LinkedHashSet<>(toProve),
        AnchorTag.LATEST,
        assurance.orElse(Assurance.SINGLE));
  }

  /** Whether the request sent {@code assurance}, so that every row read signs it. */
  boolean signsAssurance() {
    return assurance.isPresent();
  }

  /** The holdings read on {@code chain}, when it has token, NFT or other families' rows. */
  Optional<HoldingBatch> batch(ChainId chain) {
    return Optional.ofNullable(batches.get(chain));
  }

  /** Whether the plan proves {@code holder}'s balance slot of {@code token} on {@code chain}. */
  boolean proves(ChainId chain, EvmAddress token, EvmAddress holder) {
    return proofs
        .getOrDefault(chain, Set.of())
        .contains(new ProofTarget.Erc20Balance(token, holder));
  }

  /**
   * Whether the plan reads {@code chain} (an EVM chain, or a family chain whose wallet was given).
   */
  boolean reads(Chain chain) {
    return chains().contains(chain.id());
  }
}
