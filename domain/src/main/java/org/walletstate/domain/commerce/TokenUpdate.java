package org.walletstate.domain.commerce;

import java.util.List;
import java.util.Optional;
import org.walletstate.domain.ValidationException;

/**
 * {@code PUT /v1/merchants/{id}/tokens}. A member left out keeps what is stored; at least one of
 * {@code ownToken} and {@code partnerTokens} must be sent.
 *
 * <ul>
 *   <li>{@code ownToken: null} removes the own token; {@code {enabled: false}} (or {@code true})
 *       alone switches the stored one off (on) and keeps its configuration; a full token object
 *       replaces it (with {@code enabled: false} stored switched off).
 *   <li>{@code partnerTokens} replaces the partner list; {@code null} or {@code []} clears it.
 * </ul>
 */
public final class TokenUpdate {

  /** What happens to the own token. */
  public sealed interface OwnChange {}

  public record Keep() implements OwnChange {}

  public record Remove() implements OwnChange {}

  public record Switch(boolean enabled) implements OwnChange {}

  public record Replace(TokenConfig token) implements OwnChange {}

  private final OwnChange own;
  private final Optional<List<TokenConfig>> partners;

  public TokenUpdate(OwnChange own, Optional<List<TokenConfig>> partners) {
    this.own = own;
    this.partners = partners;
  }

  /** The store's tokens after this update; the combined set is checked as a whole. */
  public TokenSet applyTo(TokenSet current) {
    Optional<TokenConfig> nextOwn;
    if (own instanceof Keep) {
      nextOwn = current.own();
    } else if (own instanceof Remove) {
      nextOwn = Optional.empty();
    } else if (own instanceof Switch s) {
      if (current.own().isEmpty()) {
        if (s.enabled()) {
          throw new ValidationException(
              "ownToken {enabled: true} needs a configured own token; send the whole token");
        }
        nextOwn = Optional.empty();
      } else {
        nextOwn = Optional.of(current.own().get().withEnabled(s.enabled()));
      }
    } else {
      nextOwn = Optional.of(((Replace) own).token());
    }
    return new TokenSet(nextOwn, partners.orElse(current.partners()));
  }
}
