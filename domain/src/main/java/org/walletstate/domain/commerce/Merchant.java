package org.walletstate.domain.commerce;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A store: who owns it, its business details and its configuration.
 *
 * @param id the companyId slug
 * @param ownerKeyId the account of the key that created it
 * @param companyName its name
 * @param location where it is
 * @param externalId the partner's id for it
 * @param partnerProvisioned whether a partner-enabled key created it (it then needs a verified
 *     domain before it is published)
 * @param createdAt when
 * @param tokens its tokens
 * @param nftCollections its collections, at most 4
 * @param settings discount settings and pause
 * @param listed whether it is published in the directory
 * @param verification its domain verification
 */
public record Merchant(
    CompanyId id,
    long ownerKeyId,
    String companyName,
    Optional<String> location,
    Optional<String> externalId,
    boolean partnerProvisioned,
    Instant createdAt,
    TokenSet tokens,
    List<NftCollection> nftCollections,
    Settings settings,
    boolean listed,
    DomainVerification verification) {

  // Null checks written out by design: a record validates its own components on construction.
  public Merchant {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(tokens, "tokens");
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(verification, "verification");
    nftCollections = List.copyOf(nftCollections);
    if (nftCollections.size() > NftCollection.MAX_COLLECTIONS) {
      throw new IllegalArgumentException("at most 4 collections");
    }
  }

  /** A store as created: no tokens, default settings, unlisted, unverified. */
  public static Merchant create(
      NewMerchant request, long ownerKeyId, boolean partnerProvisioned, Instant now) {
    return new Merchant(
        request.id(),
        ownerKeyId,
        request.companyName(),
        request.location(),
        request.externalId(),
        partnerProvisioned,
        now,
        TokenSet.NONE,
        List.of(),
        Settings.DEFAULTS,
        false,
        DomainVerification.NONE);
  }

  public boolean ownedBy(long keyId) {
    return ownerKeyId == keyId;
  }

  public boolean paused() {
    return settings.paused();
  }

  public Merchant withTokens(TokenSet next) {
    return edit(draft -> draft.tokens = next);
  }

  public Merchant withNftCollections(List<NftCollection> next) {
    return edit(draft -> draft.nftCollections = next);
  }

  public Merchant withSettings(Settings next) {
    return edit(draft -> draft.settings = next);
  }

  public Merchant withVerification(DomainVerification next) {
    return edit(draft -> draft.verification = next);
  }

  /** The same store with new business details (an externalId upsert). */
  public Merchant withDetails(String name, Optional<String> where) {
    return edit(
        draft -> {
          draft.companyName = name;
          draft.location = where;
        });
  }

  /** Why a store may not be published now. */
  public enum PublishRefusal {
    /** It was provisioned by a partner and its domain is not verified yet. */
    NEEDS_VERIFIED_DOMAIN
  }

  /** Why this store may not be published now, if it may not. */
  public Optional<PublishRefusal> publishRefusal() {
    if (partnerProvisioned && !verification.verified()) {
      return Optional.of(PublishRefusal.NEEDS_VERIFIED_DOMAIN);
    }
    return Optional.empty();
  }

  /** Listed or not; publishing checks {@link #publishRefusal()} first. */
  public Merchant withListed(boolean next) {
    if (next && publishRefusal().isPresent()) {
      throw new IllegalStateException(
          "Merchant " + id + " needs a verified domain before it is published");
    }
    return edit(draft -> draft.listed = next);
  }

  /** Enabled collections. */
  public List<NftCollection> enabledCollections() {
    return nftCollections.stream().filter(NftCollection::enabled).toList();
  }

  /** This store with the fields {@code change} sets on a copy of them. */
  private Merchant edit(Consumer<Draft> change) {
    Draft draft = new Draft(this);
    change.accept(draft);
    return draft.merchant();
  }

  /** The fields a {@code with…} method may change, copied from a store; the rest stay its own. */
  private static final class Draft {
    private final Merchant from;
    private String companyName;
    private Optional<String> location;
    private TokenSet tokens;
    private List<NftCollection> nftCollections;
    private Settings settings;
    private boolean listed;
    private DomainVerification verification;

    private Draft(Merchant from) {
      this.from = from;
      this.companyName = from.companyName;
      this.location = from.location;
      this.tokens = from.tokens;
      this.nftCollections = from.nftCollections;
      this.settings = from.settings;
      this.listed = from.listed;
      this.verification = from.verification;
    }

    private Merchant merchant() {
      return new Merchant(
          from.id,
          from.ownerKeyId,
          companyName,
          location,
          from.externalId,
          from.partnerProvisioned,
          from.createdAt,
          tokens,
          nftCollections,
          settings,
          listed,
          verification);
    }
  }
}
