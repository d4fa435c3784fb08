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
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.read.Aggregate3;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.evm.read.EvmRequest;
import org.walletstate.domain.holding.family.HoldingFamilies;
import org.walletstate.domain.observation.ChainQuery;
import org.walletstate.domain.proof.ProofTarget;

/**
 * What one profile, or one batch of profiles, reads on each EVM chain: a single Multicall3 {@code
 * aggregate3} holding every token and NFT {@code balanceOf} of every wallet on that chain, and the
 * code of each wallet where the chain has account rows. The adapter anchors each chain once and
 * sends these in one JSON-RPC batch pinned to that block, so every wallet of a batch is read at the
 * same block, and a chain costs one head read and one round trip whatever the number of wallets.
 *
 * <p>Rows of the other families whose wallet was given are read through their family's reader: one
 * {@link ChainRead} per row and wallet, all of a chain's reads in one query at one anchor (a slot,
 * a validated ledger, the tip, the solidified head, a ledger, a checkpoint).
 */
public final class TrustReadPlan {

  /** Multicall3 where it is not at the canonical address (ZKsync Era). */
  private static final Map<ChainId, EvmAddress> MULTICALL_ELSEWHERE =
      Map.of(
          new ChainId.Evm(324),
          EvmAddress.parse("0xF9cda624FBC7e059355ce98a31693d299FACd963", "multicall3"));

  private final TrustCheckList list;
  private final Map<ChainId, Aggregate3> aggregates;
  private final Map<ChainId, Map<Holding, Integer>> callIndex;
  private final Map<ChainId, Set<EvmAddress>> codeReads;
  private final Map<ChainId, Set<ChainRead<?>>> familyReads;
  private final Map<ChainId, Set<ProofTarget.Erc20Balance>> proofs;

  private TrustReadPlan(
      TrustCheckList list,
      Map<ChainId, Aggregate3> aggregates,
      Map<ChainId, Map<Holding, Integer>> callIndex,
      Map<ChainId, Set<EvmAddress>> codeReads,
      Map<ChainId, Set<ChainRead<?>>> familyReads,
      Map<ChainId, Set<ProofTarget.Erc20Balance>> proofs) {
    this.list = list;
    this.aggregates = aggregates;
    this.callIndex = callIndex;
    this.codeReads = codeReads;
    this.familyReads = familyReads;
    this.proofs = proofs;
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
    Objects.requireNonNull(list, "list");
    if (wallets.isEmpty()) {
      throw new IllegalArgumentException("a plan is for at least one wallet");
    }
    Map<ChainId, Map<Holding, Integer>> calls = new LinkedHashMap<>();
    Map<ChainId, List<EvmRequest.EthCall>> aggregated = new LinkedHashMap<>();
    Map<ChainId, Set<EvmAddress>> codes = new LinkedHashMap<>();
    Map<ChainId, Set<ChainRead<?>>> others = new LinkedHashMap<>();
    Map<ChainId, Set<ProofTarget.Erc20Balance>> targets = new LinkedHashMap<>();
    for (TrustWallets entry : wallets) {
      for (TrustDimension dimension : list.dimensions(entry)) {
        for (TrustCheck check : list.checks(dimension)) {
          ChainId chain = check.chain().id();
          if (!check.chain().isEvm()) {
            familyWallet(check, entry)
                .ifPresent(
                    wallet ->
                        others
                            .computeIfAbsent(chain, id -> new LinkedHashSet<>())
                            .addAll(familyReads(check, wallet)));
            continue;
          }
          Optional<EvmAddress> contract = balanceContract(check);
          if (contract.isPresent()) {
            Map<Holding, Integer> onChain =
                calls.computeIfAbsent(chain, id -> new LinkedHashMap<>());
            if (onChain.putIfAbsent(new Holding(contract.get(), entry.evm()), onChain.size())
                == null) {
              aggregated
                  .computeIfAbsent(chain, id -> new ArrayList<>())
                  .add(balanceCall(check, entry.evm()).orElseThrow());
            }
            if (proof && check.subject() instanceof TrustCheck.Erc20 token) {
              targets
                  .computeIfAbsent(chain, id -> new LinkedHashSet<>())
                  .add(new ProofTarget.Erc20Balance(token.token(), entry.evm()));
            }
          } else if (check.subject() instanceof TrustCheck.Code) {
            codes.computeIfAbsent(chain, id -> new LinkedHashSet<>()).add(entry.evm());
          }
        }
      }
    }
    Map<ChainId, Aggregate3> aggregates = new LinkedHashMap<>();
    aggregated.forEach(
        (chain, onChain) ->
            aggregates.put(
                chain,
                new Aggregate3(
                    MULTICALL_ELSEWHERE.getOrDefault(chain, Aggregate3.CANONICAL), onChain)));
    calls.replaceAll((chain, onChain) -> Collections.unmodifiableMap(onChain));
    codes.replaceAll((chain, accounts) -> Collections.unmodifiableSet(accounts));
    others.replaceAll((chain, reads) -> Collections.unmodifiableSet(reads));
    targets.replaceAll((chain, onChain) -> Collections.unmodifiableSet(onChain));
    return new TrustReadPlan(
        list,
        Collections.unmodifiableMap(aggregates),
        Collections.unmodifiableMap(calls),
        Collections.unmodifiableMap(codes),
        Collections.unmodifiableMap(others),
        Collections.unmodifiableMap(targets));
  }

  /**
   * The wallet a non-EVM row is read for: the request's wallet of the row's family; empty when it
   * was not given.
   */
  static Optional<WalletAddress> familyWallet(TrustCheck check, TrustWallets wallets) {
    if (!(check.subject() instanceof TrustCheck.FamilyAsset)) {
      return Optional.empty();
    }
    return wallets.other(check.chain().family());
  }

  /** What the row's family reads for {@code wallet}'s balance of the row's asset. */
  static Set<ChainRead<?>> familyReads(TrustCheck check, WalletAddress wallet) {
    return HoldingFamilies.on(check.chain()).reads(check.asset(), wallet, false);
  }

  /** The {@code balanceOf(wallet)} call of a token or NFT check; empty for other checks. */
  static Optional<EvmRequest.EthCall> balanceCall(TrustCheck check, EvmAddress wallet) {
    return balanceContract(check)
        .map(
            contract ->
                new EvmRequest.EthCall(
                    contract, EvmRead.BALANCE_OF.encodeCall(List.of(Bytes32.of(wallet)))));
  }

  /** The contract a token or NFT check calls {@code balanceOf} on; empty for other checks. */
  private static Optional<EvmAddress> balanceContract(TrustCheck check) {
    if (check.subject() instanceof TrustCheck.Erc20 token) {
      return Optional.of(token.token());
    }
    if (check.subject() instanceof TrustCheck.Erc721 nft) {
      return Optional.of(nft.collection());
    }
    return Optional.empty();
  }

  /**
   * One {@code balanceOf(holder)} call on {@code contract}: what the aggregate's calls are indexed
   * by, so that finding a row's answer needs no calldata encoded again.
   */
  private record Holding(EvmAddress contract, EvmAddress holder) {}

  public TrustCheckList list() {
    return list;
  }

  /**
   * The chains to anchor: the EVM chains in the order the list first names them, then the other
   * families' chains whose wallet was given.
   */
  public Set<ChainId> chains() {
    Set<ChainId> chains = new LinkedHashSet<>(aggregates.keySet());
    chains.addAll(codeReads.keySet());
    chains.addAll(familyReads.keySet());
    return Collections.unmodifiableSet(chains);
  }

  /** The EVM chains to anchor (each costs one head read and one round trip). */
  public Set<ChainId> evmChains() {
    Set<ChainId> chains = new LinkedHashSet<>(aggregates.keySet());
    chains.addAll(codeReads.keySet());
    return Collections.unmodifiableSet(chains);
  }

  /**
   * What to observe on {@code chain}: one round, no follow-ups; with proofs, the ERC-20 rows'
   * balance slots to prove and the reads the proofs are checked against.
   */
  public ChainQuery query(ChainId chain) {
    Set<ChainRead<?>> reads = new LinkedHashSet<>(familyReads.getOrDefault(chain, Set.of()));
    Optional.ofNullable(aggregates.get(chain)).ifPresent(reads::add);
    codeReads.getOrDefault(chain, Set.of()).forEach(w -> reads.add(new EvmRead.AccountCode(w)));
    if (reads.isEmpty()) {
      throw new IllegalArgumentException("the plan reads nothing on chain " + chain);
    }
    Set<ProofTarget.Erc20Balance> toProve = proofs.getOrDefault(chain, Set.of());
    if (toProve.isEmpty()) {
      return ChainQuery.of(reads);
    }
    for (ProofTarget.Erc20Balance target : toProve) {
      reads.add(new EvmRead.Erc20BalanceOf(target.token(), target.holder()));
      reads.add(new EvmRead.Erc20Decimals(target.token()));
    }
    return new ChainQuery(reads, firstRound -> Set.of(), new LinkedHashSet<>(toProve));
  }

  /** The chain's aggregate read, when it has token or NFT checks. */
  Optional<Aggregate3> aggregate(ChainId chain) {
    return Optional.ofNullable(aggregates.get(chain));
  }

  /**
   * Where the answer to {@code check}'s {@code balanceOf(holder)} sits in its chain's aggregate.
   */
  int indexOf(TrustCheck check, EvmAddress holder) {
    ChainId chain = check.chain().id();
    Integer index =
        balanceContract(check)
            .map(
                contract ->
                    callIndex.getOrDefault(chain, Map.of()).get(new Holding(contract, holder)))
            .orElse(null);
    if (index == null) {
      throw new IllegalArgumentException("the plan has no such call on chain " + chain);
    }
    return index;
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
