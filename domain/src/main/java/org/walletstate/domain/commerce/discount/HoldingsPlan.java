package org.walletstate.domain.commerce.discount;

import java.math.BigDecimal;
import java.math.BigInteger;
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
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.SolanaMint;
import org.walletstate.domain.address.XrplAddress;
import org.walletstate.domain.address.XrplCurrency;
import org.walletstate.domain.address.XrplTaxon;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.MerchantChains;
import org.walletstate.domain.commerce.NftCollection;
import org.walletstate.domain.commerce.TokenConfig;
import org.walletstate.domain.commerce.discount.Holdings.TokenHolding;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.observation.ChainQuery;
import org.walletstate.domain.solana.SolanaRead;
import org.walletstate.domain.xrpl.TrustLineHolding;
import org.walletstate.domain.xrpl.XrplRead;

/**
 * The reads that tell what a wallet holds of a store's enabled tokens and collections, per chain,
 * and the holdings their answers give. Every network a token is listed on (its own and each alsoOn
 * network) is read where a wallet of that family was given; decimals always come from the chain (18
 * for native EVM assets, the chain's own for SOL and XRP, none for XRPL trust lines, whose balances
 * are already in the token's units).
 *
 * <p>A reading that is not a value, on any network, makes the whole result incomplete: a discount
 * is never computed from part of a wallet's holdings.
 */
public final class HoldingsPlan {

  private final List<TokenLegs> tokens;
  private final List<CollectionLeg> collections;
  private final Map<ChainId, Set<ChainRead<?>>> reads;

  private HoldingsPlan(List<TokenLegs> tokens, List<CollectionLeg> collections) {
    this.tokens = tokens;
    this.collections = collections;
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

  /** The plan for {@code merchant}'s enabled tokens and collections and {@code wallets}. */
  public static HoldingsPlan of(Merchant merchant, DiscountWallets wallets) {
    Objects.requireNonNull(merchant, "merchant");
    Objects.requireNonNull(wallets, "wallets");
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
    return new HoldingsPlan(List.copyOf(tokens), List.copyOf(collections));
  }

  /** The chains to observe, in the order of the store's configuration. */
  public Set<ChainId> chains() {
    return reads.keySet();
  }

  /** What to read on {@code chain}, at its latest anchor. */
  public ChainQuery query(ChainId chain) {
    Set<ChainRead<?>> onChain = reads.get(chain);
    if (onChain == null) {
      throw new IllegalArgumentException("the plan reads nothing on " + chain);
    }
    return ChainQuery.of(onChain);
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
   */
  public record Failure(String what, ChainId chain) {
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
    for (ChainId chain : reads.keySet()) {
      ChainObservation observation = observed.get(chain);
      if (observation instanceof ChainObservation.Observed seen) {
        anchors.put(chain, seen.anchor());
        readings.put(chain, seen.readings());
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
    return new Outcome.Read(new Holdings(held, collectionsHeld, anchors));
  }

  private static Optional<Leg> leg(
      Chain chain, String contract, Optional<String> currency, DiscountWallets wallets) {
    boolean isNative = MerchantChains.NATIVE.equals(contract);
    switch (chain.family()) {
      case EVM:
        if (wallets.evm().isEmpty()) {
          return Optional.empty();
        }
        EvmAddress holder = wallets.evm().get();
        if (isNative) {
          return Optional.of(
              new CountedLeg(chain, new EvmRead.NativeBalance(holder), Optional.empty(), 18));
        }
        EvmAddress token = EvmAddress.of(contract);
        return Optional.of(
            new CountedLeg(
                chain,
                new EvmRead.Erc20BalanceOf(token, holder),
                Optional.of(new EvmRead.Erc20Decimals(token)),
                0));
      case SOLANA:
        if (wallets.solana().isEmpty()) {
          return Optional.empty();
        }
        SolanaAddress owner = wallets.solana().get();
        if (isNative) {
          return Optional.of(
              new CountedLeg(
                  chain,
                  new SolanaRead.Lamports(owner),
                  Optional.empty(),
                  chain.nativeCurrency().decimals()));
        }
        SolanaMint mint = SolanaMint.of(contract);
        return Optional.of(
            new CountedLeg(
                chain,
                new SolanaRead.TokenAmount(owner, mint),
                Optional.of(new SolanaRead.MintDecimals(mint)),
                0));
      case XRPL:
        if (wallets.xrpl().isEmpty()) {
          return Optional.empty();
        }
        XrplAddress account = wallets.xrpl().get();
        if (isNative) {
          return Optional.of(
              new CountedLeg(
                  chain,
                  new XrplRead.XrpDrops(account),
                  Optional.empty(),
                  chain.nativeCurrency().decimals()));
        }
        XrplAddress issuer = XrplAddress.of(contract);
        return Optional.of(
            new LineLeg(
                chain,
                new XrplRead.TrustLine(account, issuer, XrplCurrency.of(currency.orElseThrow())),
                new XrplRead.IssuerFrozen(issuer)));
      default:
        return Optional.empty();
    }
  }

  private static Optional<CollectionLeg> collectionLeg(
      NftCollection collection, DiscountWallets wallets) {
    Chain chain = collection.chain();
    switch (chain.family()) {
      case EVM:
        return wallets
            .evm()
            .map(
                owner ->
                    new CollectionLeg(
                        collection,
                        new EvmRead.Erc721BalanceOf(
                            EvmAddress.of(collection.contractAddress()), owner),
                        null));
      case SOLANA:
        return wallets
            .solana()
            .map(
                owner ->
                    new CollectionLeg(
                        collection,
                        null,
                        new SolanaRead.NftHeld(
                            owner, SolanaMint.of(collection.contractAddress()))));
      case XRPL:
        return wallets
            .xrpl()
            .map(
                holder ->
                    new CollectionLeg(
                        collection,
                        null,
                        new XrplRead.NftHeld(
                            holder,
                            XrplAddress.of(collection.contractAddress()),
                            collection.taxon().map(t -> XrplTaxon.of(t, "taxon")))));
      default:
        return Optional.empty();
    }
  }

  private record TokenLegs(TokenConfig token, List<Leg> legs) {}

  /**
   * One collection: an EVM {@code balanceOf} count (held when at least one), or a family read that
   * answers held or not.
   */
  private record CollectionLeg(
      NftCollection collection, ChainRead<BigInteger> count, ChainRead<Boolean> held) {
    Chain chain() {
      return collection.chain();
    }

    ChainRead<?> read() {
      return count != null ? count : held;
    }

    Optional<Boolean> holds(Readings readings) {
      if (count != null) {
        return readings.reading(count) instanceof Reading.Value<BigInteger> n
            ? Optional.of(n.value().signum() > 0)
            : Optional.empty();
      }
      return readings.reading(held) instanceof Reading.Value<Boolean> b
          ? Optional.of(b.value())
          : Optional.empty();
    }
  }

  /** One network of a token: the reads there and the holding they give. */
  private interface Leg {
    Chain chain();

    Set<ChainRead<?>> reads();

    /** The holding, or empty when a read did not complete. */
    Optional<TokenHolding> holding(Readings readings);
  }

  /** A balance in base units, with decimals read from the chain or fixed. */
  private record CountedLeg(
      Chain chain,
      ChainRead<BigInteger> balance,
      Optional<ChainRead<TokenDecimals>> decimalsRead,
      int fixedDecimals)
      implements Leg {
    @Override
    public Set<ChainRead<?>> reads() {
      Set<ChainRead<?>> set = new LinkedHashSet<>();
      set.add(balance);
      decimalsRead.ifPresent(set::add);
      return set;
    }

    @Override
    public Optional<TokenHolding> holding(Readings readings) {
      if (!(readings.reading(balance) instanceof Reading.Value<BigInteger> units)) {
        return Optional.empty();
      }
      int decimals = fixedDecimals;
      if (decimalsRead.isPresent()) {
        if (!(readings.reading(decimalsRead.get()) instanceof Reading.Value<TokenDecimals> read)) {
          return Optional.empty();
        }
        decimals = read.value().value();
      }
      return Optional.of(
          new TokenHolding(new BigDecimal(units.value()).movePointLeft(decimals), false));
    }
  }

  /** An XRPL trust line: its balance, and frozen when the issuer froze it or everything. */
  private record LineLeg(Chain chain, XrplRead.TrustLine line, XrplRead.IssuerFrozen issuerFrozen)
      implements Leg {
    @Override
    public Set<ChainRead<?>> reads() {
      return new LinkedHashSet<>(List.of(line, issuerFrozen));
    }

    @Override
    public Optional<TokenHolding> holding(Readings readings) {
      if (!(readings.reading(issuerFrozen) instanceof Reading.Value<Boolean> issuer)
          || !(readings.reading(line) instanceof Reading.Value<TrustLineHolding> held)) {
        return Optional.empty();
      }
      return Optional.of(
          new TokenHolding(held.value().balance(), issuer.value() || held.value().frozen()));
    }
  }
}
