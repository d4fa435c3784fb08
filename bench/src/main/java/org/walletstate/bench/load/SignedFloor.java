package org.walletstate.bench.load;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The signing part of the trust floor, in the driver's JVM: for each profile an ES256 signature and
 * a hedged ML-DSA-65 signature ({@link RawSignatures}) over a random preimage of the service's
 * size, the profiles spread over one thread per core as the service's signing pool does. No JSON,
 * no evaluation: the least any correct implementation must sign after its reads.
 */
final class SignedFloor implements AutoCloseable {

  private final ExecutorService cores =
      Executors.newFixedThreadPool(
          Runtime.getRuntime().availableProcessors(),
          task -> {
            Thread thread = new Thread(task, "floor-signing");
            thread.setDaemon(true);
            return thread;
          });
  private final RawSignatures signatures;

  SignedFloor() throws Exception {
    this.signatures = new RawSignatures();
  }

  /** {@code reads}, then {@code profiles} signature pairs over preimages of {@code bytes}. */
  TrustLoad.Client after(TrustLoad.Client reads, int profiles, int bytes) {
    List<byte[]> preimages = new ArrayList<>();
    for (int i = 0; i < profiles; i++) {
      preimages.add(signatures.randomBytes(bytes));
    }
    return () -> {
      reads.call();
      List<Future<?>> signed = new ArrayList<>();
      for (byte[] preimage : preimages) {
        signed.add(cores.submit(() -> signatures.sign(preimage, preimage)));
      }
      for (Future<?> f : signed) {
        f.get();
      }
    };
  }

  @Override
  public void close() {
    cores.shutdownNow();
  }
}
