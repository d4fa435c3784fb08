package org.walletstate.application.commerce.port.out;

import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.DirectoryQuery;
import org.walletstate.domain.commerce.Merchant;

/**
 * Where merchants live. Every change of a stored merchant goes through {@link #modify}: the store
 * reads the merchant under a lock, applies the change and writes it back in one transaction, so
 * concurrent updates from the same owner never lose one another's fields.
 */
public interface MerchantStore {

  /**
   * Stores a new merchant, or with an externalId the key already used, updates that one's name and
   * location. Checks, in one transaction under the owner key's lock: the key's merchant count
   * against {@code limit}, the id, and (unless allowed) the name.
   */
  Uni<Creation> create(NewRow row);

  /**
   * @param merchant the merchant to store
   * @param nameKey the name in the form duplicates are compared in
   * @param allowDuplicateName whether another merchant's name is accepted
   * @param limit how many merchants the owner key may own
   */
  record NewRow(Merchant merchant, String nameKey, boolean allowDuplicateName, int limit) {}

  /** The outcome of {@link #create}. */
  sealed interface Creation {
    record Created(Merchant merchant) implements Creation {}

    /** The key's existing merchant with this externalId, with the new details. */
    record Upserted(Merchant merchant) implements Creation {}

    /** The key's merchant with this externalId has another id. */
    record ExternalIdHeld(CompanyId existing) implements Creation {}

    record IdTaken() implements Creation {}

    record NameTaken() implements Creation {}

    record LimitReached(int limit) implements Creation {}
  }

  Uni<Optional<Merchant>> find(CompanyId id);

  /**
   * Applies {@code change} to the merchant under a row lock, when {@code keyId} owns it. A change
   * that throws writes nothing.
   */
  <R> Uni<Access<R>> modify(CompanyId id, long keyId, Function<Merchant, Change<R>> change);

  /** What a change makes of a merchant, and what it reports. */
  record Change<R>(Merchant next, R result) {}

  /** The outcome of reaching a merchant as its owner. */
  sealed interface Access<R> {
    record Done<R>(R result) implements Access<R> {}

    record NotFound<R>() implements Access<R> {}

    record NotOwner<R>() implements Access<R> {}
  }

  /** A page of the directory and how many match in all. */
  Uni<Page> directory(DirectoryQuery query);

  record Page(List<Merchant> merchants, long total) {}

  /** The key's merchants, paused or not, oldest first. */
  Uni<List<Merchant>> ownedBy(long keyId);

  /** Whether the key is partner-enabled. */
  Uni<Boolean> partnerEnabled(long keyId);
}
