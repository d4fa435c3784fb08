package org.walletstate.domain.commerce.discount;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.NftCollection;
import org.walletstate.domain.commerce.TokenConfig;
import org.walletstate.domain.commerce.discount.Holdings.TokenHolding;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.ChainHoldings;
import org.walletstate.domain.holding.Held;
import org.walletstate.domain.holding.HoldingRead;
import org.walletstate.domain.holding.OwnershipRead;
import org.walletstate.domain.holding.family.HoldingFamilies;
import org.walletstate.domain.observation.Assurance;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;
import org.walletstate.domain.observation.ReadAssurance;

/**
 * The reads that tell what a wallet holds of a store's enabled tokens and collections, per chain,
 * and the holdings their answers give. Every network a token is listed on (its own and each alsoOn
 * network) is read where a wallet of that family was given; decimals always come from the chain (18
 * for native EVM assets, the chain's own for SOL and XRP, none for XRPL trust lines, whose balances
 * are already in the token's units).
 *
 * <p>A reading that is not a value, on any network, makes the whole result incomplete: a discount
 * is never computed from part of a wallet's holdings.
 *
 * <p>Every chain is read from as many providers as the request's {@code assurance} asks (one with
 * failover when it is not sent); when it is sent, the holdings carry how each chain was read.
 */
public final class HoldingsPlan {

  private final List<TokenLegs> tokens;
  private final List<CollectionLeg> collections;
  private final Map<ChainId, Set<ChainRead<?>>> reads;
  private final Optional<Assurance> assurance;

  private HoldingsPlan(
      List<TokenLegs> tokens, List<CollectionLeg> collections, Optional<Assurance> assurance) {
    this.tokens = tokens;
    this.collections = collections;
    this.assurance = assurance;
    Map<ChainId, Set<ChainRead<?>>> byChain = new LinkedHashMap<>();
    for (TokenLegs token : tokens) {
      for (Leg leg : token.legs()) {
        byChain.computeIfAbsent(leg.chain().id(), c -> new LinkedHashSet<>()).addAll(leg.reads());
      }
    }
    for (CollectionLeg collection : collections) {
      byChain
          .computeIfAbsent(collection.chain().id(), c -> new LinkedHashSet<>())
          .add(collection.read());
    }
    Map<ChainId, Set<ChainRead<?>>> frozen = new LinkedHashMap<>();
    byChain.forEach((chain, set) -> frozen.put(chain, Collections.unmodifiableSet(set)));
    this.reads = Collections.unmodifiableMap(frozen);
  }

  /**
   * The plan for {@code merchant}'s enabled tokens and collections and {@code wallets}, each chain
   * read from one provider with failover.
   */
  public static HoldingsPlan of(Merchant merchant, DiscountWallets wallets) {
    return of(merchant, wallets, Optional.empty());
  }

  /**
   * The plan for {@code merchant}'s enabled tokens and collections and {@code wallets}.
   *
   * @param assurance the request's {@code assurance}, when sent: how every chain is read, and then
   *     the holdings carry each chain's {@link ReadAssurance}; empty reads from one provider and
   *     carries none
   */
  public static HoldingsPlan of(
      Merchant merchant, DiscountWallets wallets, Optional<Assurance> assurance) {
    Objects.requireNonNull(merchant, "merchant");
    Objects.requireNonNull(wallets, "wallets");
    Objects.requireNonNull(assurance, "assurance");
    List<TokenLegs> tokens = new ArrayList<>();
    for (TokenConfig token : merchant.tokens().enabled()) {
      List<Leg> legs = new ArrayList<>();
      leg(token.chain(), token.contractAddress(), token.currency(), wallets).ifPresent(legs::add);
      for (TokenConfig.AlsoOn also : token.alsoOn()) {
        leg(also.chain(), also.contractAddress(), Optional.empty(), wallets).ifPresent(legs::add);
      }
      if (!legs.isEmpty()) {
        tokens.add(new TokenLegs(token, List.copyOf(legs)));
      }
    }
    List<CollectionLeg> collections = new ArrayList<>();
    for (NftCollection collection : merchant.enabledCollections()) {
      collectionLeg(collection, wallets).ifPresent(collections::add);
    }
    return new HoldingsPlan(List.copyOf(tokens), List.copyOf(collections), assurance);
  }

  /** The chains to observe, in the order of the store's configuration. */
  public Set<ChainId> chains() {
    return reads.keySet();
  }

  /** What to read on {@code chain}, at its latest anchor, from the providers the option asks. */
  public ChainQuery query(ChainId chain) {
    Set<ChainRead<?>> onChain = reads.get(chain);
    if (onChain == null) {
      throw new IllegalArgumentException("the plan reads nothing on " + chain);
    }
    return new ChainQuery(
        onChain,
        firstRound -> Set.of(),
        Set.of(),
        AnchorTag.LATEST,
        assurance.orElse(Assurance.SINGLE));
  }

  /** The outcome of reading a wallet's holdings. */
  public sealed interface Outcome permits Outcome.Read, Outcome.Incomplete {

    /** Every planned read answered. */
    record Read(Holdings holdings) implements Outcome {}

    /**
     * At least one read did not complete: {@code rpc_failure}.
     *
     * @param failures what did not complete
     */
    record Incomplete(List<Failure> failures) implements Outcome {
      public Incomplete {
        failures = List.copyOf(failures);
      }
    }
  }

  /**
   * One thing that could not be read.
   *
   * @param what the token's symbol or the collection's name and what failed (never a wallet)
   * @param chain where
   * @param message for callers: "{@code what} could not be read", or that the chain's providers
   *     disagree
   */
  public record Failure(String what, ChainId chain, String message) {

    public Failure {
      Objects.requireNonNull(what, "what");
      Objects.requireNonNull(chain, "chain");
      Objects.requireNonNull(message, "message");
    }

    /** {@code what} could not be read on {@code chain}. */
    public Failure(String what, ChainId chain) {
      this(what, chain, what + " could not be read");
    }

    @Override
    public String toString() {
      return what + " on " + chain;
    }
  }

  /** The holdings {@code observed} gives, or what did not complete. */
  public Outcome holdings(Map<ChainId, ChainObservation> observed) {
    List<Failure> failures = new ArrayList<>();
    Map<ChainId, Anchor> anchors = new LinkedHashMap<>();
    Map<ChainId, Readings> readings = new LinkedHashMap<>();
    Map<ChainId, ReadAssurance> assurances = new LinkedHashMap<>();
    for (ChainId chain : reads.keySet()) {
      ChainObservation observation = observed.get(chain);
      if (observation instanceof ChainObservation.Observed seen) {
        anchors.put(chain, seen.anchor());
        readings.put(chain, seen.readings());
        if (assurance.isPresent()) {
          assurances.put(chain, seen.assurance());
        }
      } else if (observation instanceof ChainObservation.HeadUnavailable head && head.disagreed()) {
        failures.add(new Failure("the chain's holdings", chain, head.message()));
      } else {
        failures.add(new Failure("the chain's head", chain));
      }
    }
    if (!failures.isEmpty()) {
      return new Outcome.Incomplete(failures);
    }
    Map<TokenConfig, TokenHolding> held = new LinkedHashMap<>();
    for (TokenLegs token : tokens) {
      TokenHolding sum = TokenHolding.NOTHING;
      for (Leg leg : token.legs()) {
        Optional<TokenHolding> one = leg.holding(readings.get(leg.chain().id()));
        if (one.isEmpty()) {
          failures.add(new Failure(token.token().symbol() + " balance", leg.chain().id()));
        } else {
          sum = sum.plus(one.get());
        }
      }
      held.put(token.token(), sum);
    }
    Map<NftCollection, Boolean> collectionsHeld = new LinkedHashMap<>();
    for (CollectionLeg collection : collections) {
      Optional<Boolean> holds = collection.holds(readings.get(collection.chain().id()));
      if (holds.isPresent()) {
        collectionsHeld.put(collection.collection(), holds.get());
      } else {
        failures.add(
            new Failure(
                "collection " + collection.collection().name() + " ownership",
                collection.chain().id()));
      }
    }
    if (!failures.isEmpty()) {
      return new Outcome.Incomplete(failures);
    }
    return new Outcome.Read(new Holdings(held, collectionsHeld, anchors, assurances));
  }

  /**
   * One network of a token, where its family's holdings are read and a wallet of that family was
   * given.
   */
  private static Optional<Leg> leg(
      Chain chain, String contract, Optional<String> currency, DiscountWallets wallets) {
    Optional<ChainHoldings> holdings = HoldingFamilies.find(chain);
    Optional<WalletAddress> wallet = wallets.of(chain.family());
    if (holdings.isEmpty() || wallet.isEmpty()) {
      return Optional.empty();
    }
    Asset asset = holdings.get().asset(contract, currency);
    return Optional.of(new Leg(holdings.get(), asset, wallet.get()));
  }

  private static Optional<CollectionLeg> collectionLeg(
      NftCollection collection, DiscountWallets wallets) {
    Optional<ChainHoldings> holdings = HoldingFamilies.find(collection.chain());
    Optional<WalletAddress> wallet = wallets.of(collection.chain().family());
    if (holdings.isEmpty() || wallet.isEmpty()) {
      return Optional.empty();
    }
    return holdings
        .get()
        .ownership(collection.contractAddress(), collection.taxon(), wallet.get())
        .map(read -> new CollectionLeg(collection, read));
  }

  private record TokenLegs(TokenConfig token, List<Leg> legs) {}

  /** One collection and the read that tells whether one of it is held. */
  private record CollectionLeg(NftCollection collection, OwnershipRead<?> ownership) {
    Chain chain() {
      return collection.chain();
    }

    ChainRead<?> read() {
      return ownership.read();
    }

    Optional<Boolean> holds(Readings readings) {
      return ownership.holds(readings);
    }
  }

  /**
   * One network of a token: its holding as the family counts it, in display units, and frozen when
   * the family says the line is (an XRPL issuer froze it or everything it issued).
   */
  private record Leg(ChainHoldings holdings, Asset asset, WalletAddress wallet) {
    Chain chain() {
      return holdings.chain();
    }

    Set<ChainRead<?>> reads() {
      return holdings.reads(asset, wallet, true);
    }

    /** The holding, or empty when a read did not complete. */
    Optional<TokenHolding> holding(Readings readings) {
      if (!(holdings.held(asset, wallet, readings) instanceof HoldingRead.Got<Held> got)) {
        return Optional.empty();
      }
      Held held = got.value();
      return Optional.of(new TokenHolding(held.amount(), !held.balance().usable()));
    }
  }
}
