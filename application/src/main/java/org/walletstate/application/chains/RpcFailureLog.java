package org.walletstate.application.chains;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.observation.ChainObservation;

/**
 * The one WARN line of an {@code rpc_failure}: for each failed read its chain, its source and the
 * upstream cause as the chain adapter reported it (the endpoint as {@code host:port} and what went
 * wrong). Any URL in a cause is cut to its host and port: provider URLs carry API keys in paths and
 * queries. Wallets, keys and request bodies are never part of it.
 */
public final class RpcFailureLog {

  /** One failed read: where it is in the request, its chain and its source's wire name. */
  public record Failed(String where, ChainId chain, String source, String fallback) {}

  /**
   * A URL: scheme, optional credentials, host, port, rest. The scheme and the credentials are
   * bounded, so that at any position of a text without a URL the pattern gives up after a few dozen
   * characters: redacting is linear in the text, whatever an upstream puts in its messages.
   */
  private static final Pattern URL =
      Pattern.compile(
          "[A-Za-z][A-Za-z0-9+.-]{0,31}://(?:[^@/\\s]{0,256}@)?([^/\\s:?#]+)(:\\d+)?[^\\s);,]*");

  /** Upstream texts are cut to this many characters before they are redacted and logged. */
  static final int MAX_TEXT = 2_000;

  private RpcFailureLog() {}

  /** Logs {@code failed} once at WARN on {@code log}. */
  public static void warn(
      System.Logger log, List<Failed> failed, Map<ChainId, ChainObservation> observations) {
    if (failed.isEmpty() || !log.isLoggable(System.Logger.Level.WARNING)) {
      return;
    }
    StringBuilder line = new StringBuilder("rpc_failure:");
    for (Failed f : failed) {
      line.append(' ')
          .append(f.where())
          .append(" chain ")
          .append(f.chain())
          .append(' ')
          .append(f.source())
          .append(" (")
          .append(redact(upstream(observations.get(f.chain()), f.fallback())))
          .append(");");
    }
    log.log(System.Logger.Level.WARNING, line.toString());
  }

  private static String upstream(ChainObservation observation, String fallback) {
    if (observation instanceof ChainObservation.HeadUnavailable head) {
      return head.detail();
    }
    if (observation instanceof ChainObservation.Observed observed
        && !observed.readings().failures().isEmpty()) {
      return String.join("; ", observed.readings().failures());
    }
    return fallback;
  }

  /**
   * {@code text} (its first {@link #MAX_TEXT} characters) with every URL cut to {@code host:port}
   * (or the host alone).
   */
  public static String redact(String text) {
    if (text == null) {
      return "";
    }
    String bounded = text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) + "…" : text;
    return URL.matcher(bounded).replaceAll("$1$2");
  }
}
