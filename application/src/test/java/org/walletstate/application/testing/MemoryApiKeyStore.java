package org.walletstate.application.testing;

import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.walletstate.application.port.out.ApiKeyStore;
import org.walletstate.domain.account.ApiKeyHash;
import org.walletstate.domain.account.KeyAccount;

/** Free keys in a list, one per email address, found by their hash. */
public final class MemoryApiKeyStore implements ApiKeyStore {

  private final List<NewFreeKey> keys = new ArrayList<>();

  /** The keys stored, in order; the n-th has id n. */
  public synchronized List<NewFreeKey> keys() {
    return List.copyOf(keys);
  }

  @Override
  public synchronized Uni<FreeKeyCreation> createFreeKey(NewFreeKey key) {
    if (keys.stream().anyMatch(k -> k.email().equals(key.email()))) {
      return Uni.createFrom().item(new FreeKeyCreation.EmailTaken());
    }
    keys.add(key);
    return Uni.createFrom().item(new FreeKeyCreation.Created(keys.size()));
  }

  @Override
  public synchronized Uni<Optional<KeyAccount>> findByHash(ApiKeyHash hash) {
    for (int i = 0; i < keys.size(); i++) {
      NewFreeKey key = keys.get(i);
      if (key.hash().equals(hash)) {
        return Uni.createFrom()
            .item(
                Optional.of(
                    new KeyAccount(i + 1, key.plan(), key.version(), key.plan().dailyLimit())));
      }
    }
    return Uni.createFrom().item(Optional.empty());
  }
}
