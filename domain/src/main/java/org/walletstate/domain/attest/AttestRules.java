package org.walletstate.domain.attest;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attest.condition.Erc7710Delegation;
import org.walletstate.domain.attest.condition.RequestedCondition;
import org.walletstate.domain.attest.condition.TokenBalance;
import org.walletstate.domain.chain.AnchorTag;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.WalletMember;

/**
 * The rules that span conditions or the whole request, each a named function. Adding a rule is
 * adding one function to {@link #RULES}.
 */
final class AttestRules {

  /** A rule over a whole request; throws the 400 when it is broken. */
  @FunctionalInterface
  interface Rule {
    void check(AttestRequest request);
  }

  static final List<Rule> RULES =
      List.of(
          AttestRules::conditionsHaveTheirFamilysWallet,
          AttestRules::noHoldingIsReadTwoWays,
          AttestRules::atMostThreeDelegations,
          AttestRules::everyChainServesTheAnchor,
          AssuranceOption::everyChainReadsAQuorum);

  private AttestRules() {}

  /**
   * A {@code safe} or {@code finalized} anchor is refused on a chain whose nodes do not serve that
   * block tag (every non-EVM chain, and the EVM chains the catalogue does not list as serving it),
   * naming the first such condition, its chain and the tag.
   */
  static void everyChainServesTheAnchor(AttestRequest request) {
    AnchorTag tag = request.anchor();
    for (RequestedCondition requested : request.conditions()) {
      Chain chain = requested.condition().chain();
      if (!chain.serves(tag)) {
        throw new ValidationException(
            "anchor \""
                + tag.wire()
                + "\" is not available on "
                + chain.name()
                + " (chain "
                + chain.id()
                + ", "
                + requested.path()
                + "): "
                + (chain.isEvm()
                    ? "its nodes are not known to serve the \"" + tag.wire() + "\" block tag"
                    : "it is not an EVM chain, and its reads take no block tag")
                + "; send \"latest\" or leave anchor out");
      }
    }
  }

  /**
   * Each condition is evaluated for the request's wallet of its chain's family, which must then be
   * given.
   */
  static void conditionsHaveTheirFamilysWallet(AttestRequest request) {
    for (RequestedCondition requested : request.conditions()) {
      Chain chain = requested.condition().chain();
      if (request.wallets().of(chain.family()).isEmpty()) {
        WalletMember member = WalletMember.of(chain.family());
        throw new ValidationException(
            member.name()
                + " is required: "
                + requested.path()
                + " is evaluated on "
                + (chain.isEvm() ? "EVM" : chain.family().name().toLowerCase(Locale.ROOT))
                + " chain "
                + chain.id());
      }
    }
  }

  /**
   * A native {@code token_balance} and one of the chain's ERC-20 mirror read the same holding; the
   * pair is refused naming both conditions.
   */
  static void noHoldingIsReadTwoWays(AttestRequest request) {
    List<RequestedCondition> conditions = request.conditions();
    for (RequestedCondition nativeSide : conditions) {
      if (!(nativeSide.condition() instanceof TokenBalance balance)
          || !(balance.asset() instanceof Asset.Native)) {
        continue;
      }
      Chain chain = balance.chain();
      Optional<EvmAddress> mirror = NativeMirrors.on(chain.id());
      if (mirror.isEmpty()) {
        continue;
      }
      for (RequestedCondition mirrorSide : conditions) {
        if (mirrorSide.condition() instanceof TokenBalance other
            && other.chain().equals(chain)
            && other.asset().equals(new Asset.Token(mirror.get().checksummed()))) {
          RequestedCondition first =
              nativeSide.index() < mirrorSide.index() ? nativeSide : mirrorSide;
          RequestedCondition second = first == nativeSide ? mirrorSide : nativeSide;
          throw new ValidationException(
              first.path()
                  + " and "
                  + second.path()
                  + " read the same "
                  + chain.nativeCurrency().symbol()
                  + " holding on chain "
                  + chain.id()
                  + " twice (native and its ERC-20 "
                  + mirror.get().checksummed()
                  + "); keep one of them");
        }
      }
    }
  }

  /** At most {@link Erc7710Delegation#MAX_PER_REQUEST} delegation conditions per request. */
  static void atMostThreeDelegations(AttestRequest request) {
    List<RequestedCondition> delegations =
        request.conditions().stream()
            .filter(c -> c.condition() instanceof Erc7710Delegation)
            .toList();
    if (delegations.size() > Erc7710Delegation.MAX_PER_REQUEST) {
      throw new ValidationException(
          delegations.get(Erc7710Delegation.MAX_PER_REQUEST).path()
              + " is erc7710_delegation condition number "
              + (Erc7710Delegation.MAX_PER_REQUEST + 1)
              + "; at most "
              + Erc7710Delegation.MAX_PER_REQUEST
              + " are allowed per request");
    }
  }
}
