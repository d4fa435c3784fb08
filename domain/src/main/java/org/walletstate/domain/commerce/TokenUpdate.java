package org.walletstate.domain.commerce;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

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

  private sealed interface OwnChange {}

  private record Keep() implements OwnChange {}

  private record Remove() implements OwnChange {}

  private record Switch(boolean enabled) implements OwnChange {}

  private record Replace(TokenConfig token) implements OwnChange {}

  private final OwnChange own;
  private final Optional<List<TokenConfig>> partners;

  private TokenUpdate(OwnChange own, Optional<List<TokenConfig>> partners) {
    this.own = own;
    this.partners = partners;
  }

  public static TokenUpdate parse(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    RequestValue ownRaw = fields.get("ownToken");
    RequestValue partnersRaw = fields.get("partnerTokens");
    if (ownRaw instanceof RequestValue.Absent && partnersRaw instanceof RequestValue.Absent) {
      throw new ValidationException("send ownToken, partnerTokens or both");
    }
    OwnChange own;
    if (ownRaw instanceof RequestValue.Absent) {
      own = new Keep();
    } else if (ownRaw instanceof RequestValue.Null) {
      own = new Remove();
    } else if (ownRaw instanceof RequestValue.Obj o) {
      Fields token = Fields.of(o, "ownToken");
      if (o.members().size() == 1 && o.members().containsKey("enabled")) {
        own = new Switch(Members.bool(token, "enabled", true));
      } else {
        own = new Replace(TokenConfig.parse(token));
      }
    } else {
      throw new ValidationException("ownToken must be an object or null, not " + ownRaw.kind());
    }
    Optional<List<TokenConfig>> partners;
    if (partnersRaw instanceof RequestValue.Absent) {
      partners = Optional.empty();
    } else {
      RequestValue.Arr array =
          Members.array(fields, "partnerTokens").orElse(new RequestValue.Arr(List.of()));
      if (array.items().size() > TokenSet.MAX_TOKENS) {
        throw new ValidationException(
            "partnerTokens may hold at most "
                + TokenSet.MAX_TOKENS
                + " tokens (got "
                + array.items().size()
                + ")");
      }
      List<TokenConfig> list = new ArrayList<>();
      for (int i = 0; i < array.items().size(); i++) {
        list.add(TokenConfig.parse(Members.element(array, i, "partnerTokens")));
      }
      partners = Optional.of(list);
    }
    return new TokenUpdate(own, partners);
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
