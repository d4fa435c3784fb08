package org.walletstate.domain.commerce.discount;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.commerce.NftCollection;
import org.walletstate.domain.commerce.TokenConfig;
import org.walletstate.domain.observation.ReadAssurance;

/**
 * What a wallet holds of a store's tokens and collections, read at one anchor per chain.
 *
 * @param tokens per enabled token: the exact sum over its own network and every alsoOn network
 *     (display units), and whether an issuer froze it; a token none of whose networks had a wallet
 *     of its family is absent
 * @param collections per enabled collection: whether the wallet holds one of it; a collection on a
 *     family no wallet was given for is absent
 * @param anchors where each chain was read
 * @param assurances how each chain was read, in the plan's order, when the request sent {@code
 *     assurance} (then the verification signs them); empty otherwise
 */
public record Holdings(
    Map<TokenConfig, TokenHolding> tokens,
    Map<NftCollection, Boolean> collections,
    Map<ChainId, Anchor> anchors,
    Map<ChainId, ReadAssurance> assurances) {

  public static final Holdings NONE = new Holdings(Map.of(), Map.of(), Map.of());

  public Holdings {
    tokens = Map.copyOf(tokens);
    collections = Map.copyOf(collections);
    anchors = Map.copyOf(anchors);
    assurances = Collections.unmodifiableMap(new LinkedHashMap<>(assurances));
  }

  /** Holdings of a request without {@code assurance}: nothing more is signed. */
  public Holdings(
      Map<TokenConfig, TokenHolding> tokens,
      Map<NftCollection, Boolean> collections,
      Map<ChainId, Anchor> anchors) {
    this(tokens, collections, anchors, Map.of());
  }

  /** What is held of {@code token}: nothing when it was not read. */
  public TokenHolding of(TokenConfig token) {
    return tokens.getOrDefault(token, TokenHolding.NOTHING);
  }

  /** Whether one of {@code collection} is held. */
  public boolean holds(NftCollection collection) {
    return collections.getOrDefault(collection, false);
  }

  /**
   * A token's holding.
   *
   * @param amount display units, exact, summed over every network the token is listed on
   * @param frozen whether the issuer froze the holder's line (or everything it issued): a frozen
   *     holding earns no tier
   */
  public record TokenHolding(BigDecimal amount, boolean frozen) {
    public static final TokenHolding NOTHING = new TokenHolding(BigDecimal.ZERO, false);

    // Alike by design: each holding value is its own record, checked on construction.
    public TokenHolding {
      Objects.requireNonNull(amount, "amount");
      if (amount.signum() < 0) {
        throw new IllegalArgumentException("a holding is not negative: " + amount);
      }
    }

    /** The sum of two networks' holdings: amounts added exactly, frozen if either is. */
    public TokenHolding plus(TokenHolding other) {
      return new TokenHolding(amount.add(other.amount), frozen || other.frozen);
    }
  }
}
