package org.walletstate.application;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walletstate.application.account.Charging;
import org.walletstate.domain.fixtures.ClassStrings;

/**
 * The application names no HTTP endpoint: a refusal that tells the caller which endpoint to call is
 * a value (a kind and its data) that the HTTP adapter words ({@code OwnerResult.Refusal}, {@code
 * PurchaseRefusal.Underpaid}, {@code WalletSignInUseCase.Outcome.NoKey}, {@code
 * CreateFreeKeyCommands.PaidTier}). ArchUnit does not see string constants, so this reads them from
 * the compiled classes' constant pools.
 */
class EndpointPathsTest {

  static final String ENDPOINT = "/v1/";

  /**
   * The classes that still hold an endpoint path, each with its reason. The test fails when one no
   * longer does: take it off the list then.
   */
  static final Map<String, String> LISTED =
      Map.of(
          "org.walletstate.application.commerce.ProofScope",
          "the URI a walletProof must carry, {base_url}/v1/merchants/{merchantId}, is the"
              + " interface's rule for the signed message, not an endpoint a refusal names");

  private static final Path MAIN = ClassStrings.classesOf(Charging.class);

  @Test
  void noMainClassNamesAnEndpoint_outsideTheListed() {
    Map<String, List<String>> found = ClassStrings.containing(MAIN, ENDPOINT);

    assertThat(found.keySet())
        .as("application classes with a string constant naming an endpoint (%s)", found)
        .allMatch(c -> LISTED.containsKey(c.replaceFirst("\\$.*", "")));
  }

  @Test
  void theListedStillNameOne() {
    Map<String, List<String>> found = ClassStrings.containing(MAIN, ENDPOINT);

    assertThat(found.keySet().stream().map(c -> c.replaceFirst("\\$.*", "")).distinct())
        .containsAll(LISTED.keySet());
  }
}
