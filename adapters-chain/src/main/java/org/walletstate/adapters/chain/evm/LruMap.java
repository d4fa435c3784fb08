package org.walletstate.adapters.chain.evm;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A map that keeps at most {@code max} entries, the least recently used dropped first. Not
 * thread-safe: the caches that hold one lock around it.
 */
public final class LruMap<K, V> extends LinkedHashMap<K, V> {

  private static final long serialVersionUID = 1L;

  private final int max;

  public LruMap(int max) {
    super(16, 0.75f, true);
    this.max = max;
  }

  @Override
  protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
    return size() > max;
  }
}
