package org.walletstate.domain.commerce;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.walletstate.domain.ValidationException;

/**
 * A store's tokens: one own token and partner tokens, at most 8 in all (an alsoOn network does not
 * take a slot of its own). No network and contract is listed by two tokens.
 *
 * @param own the store's own token, if configured
 * @param partners partner tokens in the order given
 */
public record TokenSet(Optional<TokenConfig> own, List<TokenConfig> partners) {

  public static final int MAX_TOKENS = 8;
  public static final TokenSet NONE = new TokenSet(Optional.empty(), List.of());

  public TokenSet {
    partners = List.copyOf(partners);
    int total = (own.isPresent() ? 1 : 0) + partners.size();
    if (total > MAX_TOKENS) {
      throw new ValidationException(
          "a store may configure at most "
              + MAX_TOKENS
              + " tokens in total (own token plus partner tokens); this would make "
              + total);
    }
    Map<String, String> listedBy = new HashMap<>();
    List<TokenConfig> all = new ArrayList<>();
    own.ifPresent(all::add);
    all.addAll(partners);
    for (int t = 0; t < all.size(); t++) {
      String where =
          own.isPresent() && t == 0
              ? "ownToken"
              : "partnerTokens[" + (own.isPresent() ? t - 1 : t) + "]";
      for (String key : all.get(t).networkKeys()) {
        String before = listedBy.putIfAbsent(key, where);
        if (before != null) {
          throw new ValidationException(
              where
                  + " lists network and contract "
                  + key
                  + ", which "
                  + before
                  + " already lists; a network is listed by one token only");
        }
      }
    }
  }

  public int total() {
    return (own.isPresent() ? 1 : 0) + partners.size();
  }

  /** The tokens that are switched on: own first. */
  public List<TokenConfig> enabled() {
    List<TokenConfig> on = new ArrayList<>();
    own.filter(TokenConfig::enabled).ifPresent(on::add);
    partners.stream().filter(TokenConfig::enabled).forEach(on::add);
    return on;
  }
}
