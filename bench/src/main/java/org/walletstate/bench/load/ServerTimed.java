package org.walletstate.bench.load;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A keyed attest that must answer 200, keeping the {@code Server-Timing} members it is told of as
 * the service measured them, such as {@code ledger} (the debit's statement, which for an attest
 * paid with credits with the log on also writes its log entry). A member an answer does not carry
 * counts as 0.
 */
final class ServerTimed implements LoadRun.Operation {

  private final HttpClient http;
  private final Supplier<HttpRequest> requests;
  private final Map<String, Pattern> members = new LinkedHashMap<>();
  private final Map<String, List<Double>> millis = new LinkedHashMap<>();

  /** Sends {@code requests} in turn, one a call, keeping {@code names}' durations. */
  ServerTimed(HttpClient http, List<HttpRequest> requests, String... names) {
    this.http = http;
    this.requests = ServiceCalls.inTurn(requests);
    for (String name : names) {
      members.put(name, Pattern.compile("(?:^|[ ,])" + Pattern.quote(name) + ";dur=([0-9.]+)"));
      millis.put(name, new ArrayList<>());
    }
  }

  @Override
  public void run() throws Exception {
    HttpResponse<byte[]> response = ServiceCalls.sendOk(http, requests.get());
    String timing = response.headers().firstValue("Server-Timing").orElse("");
    synchronized (millis) {
      for (Map.Entry<String, Pattern> member : members.entrySet()) {
        Matcher found = member.getValue().matcher(timing);
        millis.get(member.getKey()).add(found.find() ? Double.parseDouble(found.group(1)) : 0.0);
      }
    }
  }

  /**
   * The p50 of {@code name}'s durations kept since its last call, in milliseconds; forgets them.
   */
  double takeP50(String name) {
    List<Double> taken;
    synchronized (millis) {
      taken = new ArrayList<>(millis.get(name));
      millis.get(name).clear();
    }
    Collections.sort(taken);
    int n = taken.size();
    return n == 0
        ? Double.NaN
        : n % 2 == 1 ? taken.get(n / 2) : (taken.get(n / 2 - 1) + taken.get(n / 2)) / 2;
  }
}
