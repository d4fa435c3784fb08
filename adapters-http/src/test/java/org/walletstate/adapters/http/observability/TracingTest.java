package org.walletstate.adapters.http.observability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.LogCapture;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.devnet.faults.Fault;
import org.walletstate.devnet.faults.FaultProxy;
import org.walletstate.devnet.faults.Match;
import org.walletstate.devnet.faults.Rule;
import org.walletstate.domain.payload.KeyVersion;

/**
 * With the OpenTelemetry SDK on, one attest on the devnet is one trace: the server span of {@code
 * POST /v1/attest}, below it a span per chain observation, and below that a client span per round
 * trip on the chain's provider (the head, then the pinned reads), named by host and port. And with
 * JSON logs on, a line written while a request is handled carries that request's trace id.
 */
@QuarkusTest
@TestProfile(TracingTest.Tracing.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
class TracingTest {

  public static final class Tracing implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of(
          "quarkus.otel.sdk.disabled",
          "false",
          "quarkus.otel.bsp.schedule.delay",
          "100ms",
          // the production JSON log format (LOG_JSON=true), so its lines can be checked
          "quarkus.log.console.json.enabled",
          "true");
    }
  }

  @Inject Pool pool;
  @Inject InMemorySpanExporter spans;

  private final Devnet devnet = Devnet.shared();
  private final DevnetManifest m = devnet.manifest();

  @Test
  void oneAttest_isARequestSpanWithObservationAndRoundTripChildren() throws Exception {
    TestKeys.TestKey key = TestKeys.create(pool, 10, 1000, KeyVersion.V2);
    devnet.rpc(8453).call("evm_mine"); // a new head, so nothing comes from the read cache
    spans.reset();
    String holder = m.wallet("holder").address();
    attest(key.secret(), body(holder, tokenBalance(8453, m.chain(8453).address("token6"), "1")))
        .then()
        .statusCode(200);

    SpanData request =
        awaitSpan(
            s ->
                s.getKind() == SpanKind.SERVER
                    && (s.getName().contains("/v1/attest")
                        || s.getAttributes().asMap().values().stream()
                            .anyMatch(v -> String.valueOf(v).endsWith("/v1/attest"))));
    List<SpanData> trace = awaitTrace(request.getTraceId(), 3);
    Map<String, SpanData> byId =
        trace.stream().collect(Collectors.toMap(SpanData::getSpanId, Function.identity()));

    List<SpanData> observations =
        trace.stream().filter(s -> s.getName().equals("chain observe")).toList();
    assertThat(observations).as(names().toString()).hasSize(1);
    SpanData observation = observations.get(0);
    assertThat(observation.getAttributes().get(ChainTelemetry.CHAIN)).isEqualTo("8453");
    assertThat(observation.getAttributes().get(ChainTelemetry.OUTCOME)).isEqualTo("observed");
    assertThat(ancestors(observation, byId)).contains(request.getSpanId());

    List<SpanData> roundTrips =
        trace.stream().filter(s -> s.getName().startsWith("chain rpc ")).toList();
    assertThat(roundTrips)
        .extracting(SpanData::getName)
        .contains("chain rpc head", "chain rpc read");
    String shape =
        trace.stream()
            .map(s -> s.getName() + " " + s.getSpanId() + " <- " + s.getParentSpanId())
            .toList()
            .toString();
    for (SpanData trip : roundTrips) {
      assertThat(trip.getParentSpanId()).as(shape).isEqualTo(observation.getSpanId());
      assertThat(trip.getKind()).isEqualTo(SpanKind.CLIENT);
      assertThat(trip.getAttributes().get(ChainTelemetry.CHAIN)).isEqualTo("8453");
      assertThat(trip.getAttributes().get(ChainTelemetry.PROVIDER)).matches("127\\.0\\.0\\.1:\\d+");
    }
  }

  private static List<String> ancestors(SpanData span, Map<String, SpanData> byId) {
    List<String> up = new java.util.ArrayList<>();
    SpanData at = span;
    while (at != null && at.getParentSpanContext().isValid()) {
      up.add(at.getParentSpanId());
      at = byId.get(at.getParentSpanId());
    }
    return up;
  }

  private SpanData awaitSpan(java.util.function.Predicate<SpanData> wanted) throws Exception {
    Instant until = Instant.now().plus(Duration.ofSeconds(20));
    while (Instant.now().isBefore(until)) {
      Optional<SpanData> found = spans.getFinishedSpanItems().stream().filter(wanted).findFirst();
      if (found.isPresent()) {
        return found.get();
      }
      Thread.sleep(100);
    }
    throw new AssertionError("no such span among " + names());
  }

  /** The trace's spans once it has the observation and at least {@code trips} round trips. */
  private List<SpanData> awaitTrace(String traceId, int least) throws Exception {
    Instant until = Instant.now().plus(Duration.ofSeconds(20));
    List<SpanData> trace = List.of();
    while (Instant.now().isBefore(until)) {
      trace =
          spans.getFinishedSpanItems().stream()
              .filter(s -> s.getTraceId().equals(traceId))
              .toList();
      if (trace.stream().filter(s -> s.getName().startsWith("chain ")).count() >= least) {
        return trace;
      }
      Thread.sleep(100);
    }
    return trace;
  }

  @Test
  void aLogLineWrittenDuringARequest_carriesThatRequestsTraceId_inTheJsonLog() throws Exception {
    TestKeys.TestKey key = TestKeys.create(pool, 10, 1000, KeyVersion.V2);
    FaultProxy chain10 = DevnetTestResource.chain10();
    chain10.install(Rule.of(Match.any(), Fault.status(502)));
    List<LogCapture.Entry> warnings;
    try (LogCapture log = LogCapture.start()) {
      spans.reset();
      attest(
              key.secret(),
              body(
                  m.wallet("holder").address(),
                  tokenBalance(10, m.chain(10).address("token6"), "1")))
          .then()
          .statusCode(503);
      warnings = log.entries().stream().filter(e -> e.mentions("rpc_failure")).toList();
    } finally {
      chain10.reset();
    }
    SpanData request =
        awaitSpan(
            s ->
                s.getKind() == SpanKind.SERVER
                    && (s.getName().contains("/v1/attest")
                        || s.getAttributes().asMap().values().stream()
                            .anyMatch(v -> String.valueOf(v).endsWith("/v1/attest"))));

    assertThat(warnings).hasSize(1);
    JsonNode line = new ObjectMapper().readTree(warnings.get(0).line());
    assertThat(line.path("message").asText()).contains("rpc_failure");
    JsonNode mdc = line.path("mdc");
    assertThat(mdc.path("traceId").asText()).as(line.toString()).isEqualTo(request.getTraceId());
    assertThat(mdc.path("spanId").asText()).matches("[0-9a-f]{16}");
    assertThat(mdc.path("requestId").asText()).isNotBlank();
  }

  private List<String> names() {
    return spans.getFinishedSpanItems().stream().map(SpanData::getName).toList();
  }
}
