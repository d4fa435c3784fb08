package org.walletstate.application.port.out;

import org.walletstate.domain.chain.ChainId;

/**
 * The heads a chain reader follows: it tells its listeners each time a followed chain's head moves
 * to a higher block. A reader that follows no head (following off, or a family without it) never
 * tells anything ({@link #NONE}); whoever listens keeps its own timer for those chains.
 */
@FunctionalInterface
public interface ChainHeads {

  /** Told of a new head. */
  @FunctionalInterface
  interface Listener {

    /**
     * {@code chain}'s followed head is now {@code block}. Called on the reader's own threads: a
     * listener hands any work over to its own and returns at once.
     */
    void newHead(ChainId chain, long block);
  }

  /** Adds a listener for every chain the reader follows. */
  void listen(Listener listener);

  /** Follows nothing. */
  ChainHeads NONE = listener -> {};
}
