package org.walletstate.bench.load;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A keyed attest that must answer 200, keeping each answer's {@code Server-Timing} member {@code
 * log-wait}: how long the answer waited on the transparency log's append after its debit was done,
 * as the service measured it.
 */
final class LogWaits implements LoadRun.Operation {

  private static final Pattern LOG_WAIT = Pattern.compile("log-wait;dur=([0-9.]+)");

  private final HttpClient http;
  private final Supplier<HttpRequest> requests;
  private final List<Double> millis = Collections.synchronizedList(new ArrayList<>());

  /** Sends {@code requests} in turn, one a call. */
  LogWaits(HttpClient http, List<HttpRequest> requests) {
    this.http = http;
    this.requests = ServiceCalls.inTurn(requests);
  }

  @Override
  public void run() throws Exception {
    HttpResponse<byte[]> response = ServiceCalls.sendOk(http, requests.get());
    Matcher wait = LOG_WAIT.matcher(response.headers().firstValue("Server-Timing").orElse(""));
    if (!wait.find()) {
      throw new IllegalStateException("no log-wait in Server-Timing");
    }
    millis.add(Double.parseDouble(wait.group(1)));
  }

  /** The p50 of the waits kept since the last call, in milliseconds; forgets them. */
  double takeP50() {
    List<Double> taken;
    synchronized (millis) {
      taken = new ArrayList<>(millis);
      millis.clear();
    }
    Collections.sort(taken);
    int n = taken.size();
    return n == 0
        ? Double.NaN
        : n % 2 == 1 ? taken.get(n / 2) : (taken.get(n / 2 - 1) + taken.get(n / 2)) / 2;
  }
}
