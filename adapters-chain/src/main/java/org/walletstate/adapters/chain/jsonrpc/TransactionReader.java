package org.walletstate.adapters.chain.jsonrpc;

import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.walletstate.adapters.chain.DaemonThreads;
import org.walletstate.adapters.chain.evm.Deadline;
import org.walletstate.application.port.out.ChainCallObserver;
import org.walletstate.application.port.out.PaymentReceipts;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payment.TxHash;

/**
 * {@link PaymentReceipts} of one non-EVM chain over its {@link JsonRpcTransport} (the chain's
 * endpoints, retries, failover and observation deadline), each lookup run on the reader's own
 * threads. A family says how a transaction and the head are read; a read that fails after the
 * retries is {@link PaymentReceipts.Lookup.Failed}, never an exception.
 */
public abstract class TransactionReader implements PaymentReceipts, AutoCloseable {

  private static final System.Logger LOG = System.getLogger(TransactionReader.class.getName());

  // Fields checked and kept as FacilitatorSettlement's and Backoff's are, by design: each class
  // holds its own collaborators.
  private final String family;
  private final JsonRpcChainConfig config;
  private final Clock clock;
  private final JsonRpcTransport transport;
  private final ExecutorService executor;

  protected TransactionReader(String family, JsonRpcChainConfig config, Clock clock) {
    this.family = Objects.requireNonNull(family, "family");
    this.config = Objects.requireNonNull(config, "config");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.transport =
        JsonRpcTransport.ownClient(
            config, clock, SnapshotChainState.JITTER, ChainCallObserver.NONE);
    this.executor = Executors.newCachedThreadPool(DaemonThreads.named(family + "-payment-"));
  }

  /** The transport every call goes through. */
  protected final JsonRpcTransport transport() {
    return transport;
  }

  /**
   * Reads the transaction and, when it exists, the head after it, blocking, within {@code
   * deadline}.
   *
   * @throws RpcFailure when a read did not complete
   */
  protected abstract Lookup lookup(TxHash hash, Deadline deadline) throws RpcFailure;

  @Override
  public final Uni<Lookup> receipt(ChainId chain, TxHash hash) {
    if (!chain.equals(config.chain())) {
      return Uni.createFrom()
          .item(new Lookup.Failed("this reader reads " + config.chain() + ", not " + chain));
    }
    return Uni.createFrom()
        .item(
            () -> {
              try {
                return lookup(hash, Deadline.after(clock, config.observationDeadline()));
              } catch (RpcFailure failure) {
                LOG.log(
                    System.Logger.Level.DEBUG,
                    "{0} payment read failed: {1}",
                    family,
                    failure.getMessage());
                return (Lookup) new Lookup.Failed("the transaction read did not complete");
              }
            })
        .runSubscriptionOn(executor)
        .onFailure()
        .recoverWithItem(e -> new Lookup.Failed("the transaction read did not complete"));
  }

  @Override
  public void close() {
    executor.shutdownNow();
  }
}
