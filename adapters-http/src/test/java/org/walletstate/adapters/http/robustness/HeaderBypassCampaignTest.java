package org.walletstate.adapters.http.robustness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.AbuseLimits;
import org.walletstate.adapters.http.testbed.Conditions;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.application.port.out.RateLimits;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;

/**
 * Header campaign over the per-address limits of callers without a valid credential: each client
 * address sends more requests than its limit allows, each with headers generated from a seed
 * (credential schemes that are not valid credentials, bogus keys and payments, proxy and cookie
 * headers, odd casing, empty values). No header may win a caller more served requests (quotes, code
 * answers) than the limit, and nothing is answered with a 500.
 *
 * <p>Size: {@code -Drobustness.headers.clients=N} (CI default 6 per endpoint, full 40). Seed:
 * {@code -Drobustness.headers.seed=S} ({@code random} for a fresh one).
 */
@QuarkusTest
@TestProfile(AbuseLimits.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class HeaderBypassCampaignTest {

  private static final long DEFAULT_SEED = 20_261_128L;

  @TestHTTPResource("/")
  URI root;

  /** An endpoint, the limit that holds its callers without credentials, and its window. */
  private record Target(String method, String path, String body, int limit, Duration window) {}

  /** The pay-per-call endpoints with a quotable request, and the public code check. */
  private static List<Target> targets() throws Exception {
    DevnetManifest m = Devnet.shared().manifest();
    String attest =
        new ObjectMapper()
            .writeValueAsString(
                Conditions.body(
                    m.wallet("holder").address(),
                    Conditions.tokenBalance(10, m.chain(10).address("token6"), "1")));
    return List.of(
        new Target("POST", "/v1/attest", attest, 60, Duration.ofMinutes(1)),
        new Target("GET", "/v1/trust", null, 60, Duration.ofMinutes(1)),
        new Target("GET", "/v1/codes/NOPE-CODE", null, 10, Duration.ofMinutes(10)));
  }

  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .build();

  @Test
  void noHeader_winsACallerWithoutAValidCredentialMoreThanItsLimit() throws Exception {
    long seed = CampaignSettings.seed("headers.seed", DEFAULT_SEED);
    int clients = CampaignSettings.size("headers.clients", 6, 40);
    Random random = new Random(seed);
    List<String> problems = new ArrayList<>();
    int sent = 0;
    for (Target target : targets()) {
      for (int c = 0; c < clients; c++) {
        List<String> found = List.of();
        for (int tries = 0; tries < 3; tries++) { // again if the window turned meanwhile
          long window = RateLimits.windowStart(target.window(), Instant.now());
          found = oneClient(target, random, seed);
          sent += target.limit() + 3;
          if (window == RateLimits.windowStart(target.window(), Instant.now())) {
            break;
          }
        }
        problems.addAll(found);
      }
    }
    assertThat(sent).isGreaterThan(0);
    assertThat(problems).as("seed " + seed).isEmpty();
  }

  /** One fresh address: the limit plus three requests, every one in a generated disguise. */
  private List<String> oneClient(Target target, Random random, long seed) throws Exception {
    String client = AbuseLimits.freshClient();
    List<String> problems = new ArrayList<>();
    int served = 0;
    for (int i = 0; i < target.limit() + 3; i++) {
      List<String[]> headers = disguise(random);
      HttpResponse<String> answer = send(target, client, headers);
      int status = answer.statusCode();
      String described = target.method() + " " + target.path() + " " + describe(headers);
      if (status >= 500 && status != 501 && status != 503) {
        problems.add(described + " answered " + status + ": " + answer.body());
      }
      if (servedWork(target, answer)) {
        served++;
      }
    }
    if (served == 0) {
      problems.add(target.path() + ": nothing was served; the campaign's requests are not valid");
    }
    if (served > target.limit()) {
      problems.add(
          target.path() + ": one address was served " + served + " times, limit " + target.limit());
    }
    return problems;
  }

  private static boolean servedWork(Target target, HttpResponse<String> answer) {
    if (answer.statusCode() == 200) {
      return true;
    }
    return answer.statusCode() == 402 && answer.body().contains("x402Version");
  }

  private HttpResponse<String> send(Target target, String client, List<String[]> headers)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(root.resolve(target.path())).timeout(Duration.ofSeconds(30));
    for (String[] header : headers) {
      request.header(header[0], header[1]);
    }
    // the trusted proxy (this client) appends the address it saw, after whatever the caller sent
    request.header("X-Forwarded-For", client);
    if (target.body() != null) {
      request
          .header("Content-Type", "application/json")
          .method(target.method(), HttpRequest.BodyPublishers.ofString(target.body()));
    } else {
      request.method(target.method(), HttpRequest.BodyPublishers.noBody());
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static final String[] SCHEMES = {
    "Bearer",
    "Basic",
    "Digest",
    "Token",
    "ApiKey",
    "Negotiate",
    "wallet",
    "WALLET",
    "Wallet",
    "svc_live",
    "X-API-Key",
    "Payment"
  };

  private static final String[] OTHER_HEADERS = {
    "Cookie",
    "X-Real-IP",
    "X-Client-IP",
    "Forwarded",
    "True-Client-IP",
    "CF-Connecting-IP",
    "X-Api-Token",
    "Api-Key",
    "X-Auth-Token",
    "Proxy-Authorization",
    "X-Original-Forwarded-For",
    "X-Scanner-Session"
  };

  /** One to three headers that look like credentials or proxies and are neither. */
  static List<String[]> disguise(Random random) {
    List<String[]> headers = new ArrayList<>();
    int count = 1 + random.nextInt(3);
    for (int i = 0; i < count; i++) {
      switch (random.nextInt(6)) {
        case 0 ->
            headers.add(
                new String[] {
                  random.nextBoolean() ? "Authorization" : "authorization",
                  SCHEMES[random.nextInt(SCHEMES.length)] + " " + token(random)
                });
        case 1 ->
            headers.add(
                new String[] {
                  random.nextBoolean() ? "X-API-Key" : "x-api-key",
                  random.nextBoolean() ? "svc_live_" + token(random) : token(random)
                });
        case 2 ->
            headers.add(
                new String[] {
                  "Authorization",
                  "Wallet "
                      + Base64.getEncoder()
                          .encodeToString(
                              ("{\"message\":\"" + token(random) + "\",\"signature\":\"0x\"}")
                                  .getBytes(java.nio.charset.StandardCharsets.UTF_8))
                });
        case 3 ->
            headers.add(
                new String[] {
                  random.nextBoolean() ? "PAYMENT-SIGNATURE" : "X-PAYMENT", token(random)
                });
        case 4 ->
            headers.add(
                new String[] {"X-Forwarded-For", "198.51.100." + (1 + random.nextInt(254))});
        default ->
            headers.add(
                new String[] {OTHER_HEADERS[random.nextInt(OTHER_HEADERS.length)], token(random)});
      }
    }
    return headers;
  }

  private static String token(Random random) {
    byte[] bytes = new byte[1 + random.nextInt(40)];
    random.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  private static String describe(List<String[]> headers) {
    StringBuilder text = new StringBuilder();
    for (String[] header : headers) {
      text.append(header[0]).append(": ").append(header[1]).append("; ");
    }
    return text.toString();
  }
}
