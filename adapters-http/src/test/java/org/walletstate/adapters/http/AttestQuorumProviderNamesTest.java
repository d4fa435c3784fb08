package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.walletstate.adapters.http.testbed.AttestCalls.attest;
import static org.walletstate.adapters.http.testbed.AttestCalls.verified;
import static org.walletstate.adapters.http.testbed.Conditions.body;
import static org.walletstate.adapters.http.testbed.Conditions.tokenBalance;
import static org.walletstate.adapters.http.testbed.Conditions.withMember;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.testbed.DevnetTestResource;
import org.walletstate.adapters.http.testbed.PostgresTestResource;
import org.walletstate.adapters.http.testbed.TestKeys;
import org.walletstate.adapters.http.testbed.Verifier;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.ForkedNode;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.verifier.Check;
import org.walletstate.verifier.ReadAssurance;
import org.walletstate.verifier.VerificationReport;
import org.walletstate.verifier.VerifiedAttestation;

/**
 * {@code walletstate.chains.quorum.sign-provider-names=true}: chain 1 read for quorum requests from
 * two anvils forked from the devnet at one block, configured as {@code fork-b} and {@code fork-a};
 * a quorum result signs their names, sorted, in {@code readAssurance.names}, and never their URLs.
 * With the setting off (its default), {@link AttestQuorumTest} shows results without names.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(DevnetTestResource.class)
@WithTestResource(AttestQuorumProviderNamesTest.NamedProviders.class)
class AttestQuorumProviderNamesTest {

  private static final long CHAIN = 1;
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Two forks of chain 1 as its two independent providers, their names signed. */
  public static final class NamedProviders implements QuarkusTestResourceLifecycleManager {
    static ForkedNode b;
    static ForkedNode a;

    @Override
    public Map<String, String> start() {
      Devnet devnet = Devnet.shared();
      b = ForkedNode.of(devnet, CHAIN);
      a = ForkedNode.of(devnet, CHAIN);
      String chain = "walletstate.chains.evm.\"" + CHAIN + "\".";
      return Map.of(
          chain + "providers.fork-b.endpoints",
          b.url().toString(),
          chain + "providers.fork-a.endpoints",
          a.url().toString(),
          chain + "quorum",
          "2",
          "walletstate.chains.quorum.sign-provider-names",
          "true");
    }

    @Override
    public void stop() {
      b.close();
      a.close();
    }
  }

  @Inject Pool pool;

  private final String holder = Devnet.shared().manifest().wallet("holder").address();
  private TestKeys.TestKey key;

  @BeforeEach
  void key() {
    key = TestKeys.create(pool, 100, 1000, KeyVersion.V2);
  }

  private Map<String, Object> request(String assurance) {
    Map<String, Object> request = body(holder, tokenBalance(CHAIN, "native", "1"));
    return assurance == null ? request : withMember(request, "assurance", assurance);
  }

  @Test
  void aQuorumResult_signsTheNamesOfTheProvidersRead_sorted_neverTheirUrls() {
    Response response = attest(key.secret(), request("quorum"));
    VerifiedAttestation attestation = verified(response);

    assertThat(attestation.results().get(0).readAssurance())
        .contains(new ReadAssurance("quorum", 2, 2, List.of("fork-a", "fork-b")));
    assertThat(attestation.requireQuorum(2)).isSameAs(attestation);
    JsonNode signed = attestation.results().get(0).asJson().get("readAssurance");
    assertThat(signed.properties().stream().map(Map.Entry::getKey).toList())
        .containsExactly("mode", "providers", "of", "names");
    assertThat(signed.get("names").toString()).isEqualTo("[\"fork-a\",\"fork-b\"]");
    assertThat(response.asString())
        .doesNotContain(NamedProviders.a.url().toString())
        .doesNotContain(NamedProviders.b.url().toString());
  }

  @Test
  void namesEditedAfterSigning_failTheSignature() throws Exception {
    String body = verifiedBody(attest(key.secret(), request("quorum")));
    // the answer read and written back unedited still verifies: only the edits below break it
    assertThat(Verifier.report(edited(body, a -> {})).valid()).isTrue();

    VerificationReport renamed =
        Verifier.report(edited(body, a -> a.putArray("names").add("fork-a").add("fork-c")));
    VerificationReport reordered =
        Verifier.report(edited(body, a -> a.putArray("names").add("fork-b").add("fork-a")));
    VerificationReport removed = Verifier.report(edited(body, a -> a.remove("names")));

    for (VerificationReport report : List.of(renamed, reordered, removed)) {
      assertThat(report.valid()).as(report.toString()).isFalse();
      assertThat(report.failedChecks()).contains(Check.SIGNATURE);
    }
  }

  @Test
  void aSingleResult_namesNoProvider() {
    VerifiedAttestation attestation = verified(attest(key.secret(), request("single")));

    assertThat(attestation.results().get(0).readAssurance())
        .contains(new ReadAssurance("single", 1, 1));
    assertThat(attestation.results().get(0).asJson().get("readAssurance").has("names")).isFalse();
  }

  @Test
  void withoutTheOption_nothingMoreIsSigned() {
    VerifiedAttestation attestation = verified(attest(key.secret(), request(null)));

    assertThat(attestation.results().get(0).asJson().has("readAssurance")).isFalse();
  }

  private static String verifiedBody(Response response) {
    verified(response);
    return response.asString();
  }

  /** The answer with its first result's {@code readAssurance} edited after signing. */
  private static String edited(String body, Consumer<ObjectNode> edit) throws Exception {
    JsonNode answer = JSON.readTree(body);
    edit.accept((ObjectNode) answer.at("/data/attestation/results/0/readAssurance"));
    return JSON.writeValueAsString(answer);
  }
}
