package org.walletstate.adapters.chain;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import org.walletstate.domain.chain.FailureKind;

/**
 * The most bytes one node answer may have. A caller names the contracts some conditions read, and a
 * contract can return megabytes; an answer over the bound fails its read while it streams, so no
 * more than the bound is ever held. Legitimate answers are far smaller (docs/chain-reads.md,
 * "Answer size").
 */
public final class AnswerBound {

  /** 4 MiB: about ten times the largest batch of proofs or Multicall3 results the service reads. */
  public static final long DEFAULT_MAX_BYTES = 4L * 1024 * 1024;

  /**
   * What every failure of an answer over the bound says, for operators' logs. Retries decide on the
   * failure's {@link FailureKind} ({@link #kindOf}), never on this text.
   */
  public static final String TOO_LARGE = "answer over the size bound";

  /** How deep {@link #kindOf} looks into a chain of causes (which could be a cycle). */
  private static final int MAX_CAUSES = 16;

  private AnswerBound() {}

  /** The failure of an answer over {@code maxBytes}. */
  public static final class TooLarge extends IOException {
    private static final long serialVersionUID = 1L;

    public TooLarge(long maxBytes) {
      super(TOO_LARGE + " of " + maxBytes + " bytes");
    }
  }

  /**
   * The kind of {@code failure}: {@link FailureKind#TOO_LARGE} when it or one of its causes is a
   * {@link TooLarge} (a client may wrap the body's failure), else {@link FailureKind#TRANSIENT}.
   */
  public static FailureKind kindOf(Throwable failure) {
    int depth = 0;
    for (Throwable t = failure; t != null && depth < MAX_CAUSES; t = t.getCause(), depth++) {
      if (t instanceof TooLarge) {
        return FailureKind.TOO_LARGE;
      }
    }
    return FailureKind.TRANSIENT;
  }

  /**
   * A body handler reading the answer as UTF-8 text, failing with {@link TooLarge} (and dropping
   * the connection) once more than {@code maxBytes} arrived or the declared length is over it.
   */
  public static HttpResponse.BodyHandler<String> text(long maxBytes) {
    positive(maxBytes);
    return info ->
        new Bounded(
            maxBytes, info.headers().firstValueAsLong("Content-Length").orElse(-1) > maxBytes);
  }

  /** Wraps {@code in} so that reading more than {@code maxBytes} from it fails. */
  public static InputStream limited(InputStream in, long maxBytes) {
    positive(maxBytes);
    return new InputStream() {
      private long read;

      @Override
      public int read() throws IOException {
        int b = in.read();
        if (b >= 0) {
          count(1);
        }
        return b;
      }

      @Override
      public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = in.read(buffer, offset, length);
        if (n > 0) {
          count(n);
        }
        return n;
      }

      private void count(int n) throws TooLarge {
        read += n;
        if (read > maxBytes) {
          throw new TooLarge(maxBytes);
        }
      }

      @Override
      public void close() throws IOException {
        in.close();
      }
    };
  }

  static void positive(long maxBytes) {
    if (maxBytes < 1) {
      throw new IllegalArgumentException("the answer bound must be positive: " + maxBytes);
    }
  }

  /** Collects the body up to the bound; past it, cancels the subscription and fails. */
  private static final class Bounded implements HttpResponse.BodySubscriber<String> {
    private final long maxBytes;
    private final CompletableFuture<String> result = new CompletableFuture<>();
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final boolean declaredOver;
    private Flow.Subscription subscription;

    Bounded(long maxBytes, boolean declaredOver) {
      this.maxBytes = maxBytes;
      this.declaredOver = declaredOver;
    }

    @Override
    public CompletionStage<String> getBody() {
      return result;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      this.subscription = subscription;
      if (declaredOver) {
        subscription.cancel();
        result.completeExceptionally(new TooLarge(maxBytes));
        return;
      }
      subscription.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
      if (result.isDone()) {
        return;
      }
      for (ByteBuffer item : items) {
        if (bytes.size() + (long) item.remaining() > maxBytes) {
          subscription.cancel();
          result.completeExceptionally(new TooLarge(maxBytes));
          return;
        }
        byte[] chunk = new byte[item.remaining()];
        item.get(chunk);
        bytes.write(chunk, 0, chunk.length);
      }
    }

    @Override
    public void onError(Throwable failure) {
      result.completeExceptionally(failure); // no effect after the bound failed it
    }

    @Override
    public void onComplete() {
      result.complete(bytes.toString(StandardCharsets.UTF_8));
    }
  }
}
