package org.walletstate.domain.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.fixtures.ClassStrings;

/**
 * The domain names no HTTP endpoint: a refusal that tells the caller which endpoint to call is a
 * value (a kind and its data) that the HTTP adapter words. ArchUnit does not see string constants,
 * so this reads them from the compiled classes' constant pools.
 */
class EndpointPathsTest {

  static final String ENDPOINT = "/v1/";

  /**
   * The classes that still hold an endpoint path, each with its reason. The test fails when one no
   * longer does: take it off the list then.
   */
  static final Map<String, String> LISTED =
      Map.of(
          "org.walletstate.domain.siwe.SignInPurpose",
          "a walletProof's URI is {base_url}/v1/merchants/{merchantId} (the interface's rule for"
              + " the signed message, which a wallet sign-in must not carry unnamed)",
          "org.walletstate.domain.trust.TrustEvaluation",
          "ACCOUNT_NOT_PROVEN is signed into every profile asked with proofs (the reason an"
              + " account row carries no proof), so it is written before any adapter sees it",
          "org.walletstate.domain.trust.TrustRows",
          "it writes TrustEvaluation.ACCOUNT_NOT_PROVEN into the row (javac copies a constant"
              + " into the constant pool of each class that uses it)");

  private static final Path MAIN = ClassStrings.classesOf(ValidationException.class);

  @Test
  void noMainClassNamesAnEndpoint_outsideTheListed() {
    Map<String, List<String>> found = ClassStrings.containing(MAIN, ENDPOINT);

    assertThat(found.keySet())
        .as("domain classes with a string constant naming an endpoint (%s)", found)
        .allMatch(c -> LISTED.containsKey(c.replaceFirst("\\$.*", "")));
  }

  @Test
  void theListedStillNameOne() {
    Map<String, List<String>> found = ClassStrings.containing(MAIN, ENDPOINT);

    assertThat(found.keySet().stream().map(c -> c.replaceFirst("\\$.*", "")).distinct())
        .containsAll(LISTED.keySet());
  }

  @Test
  void theScanSeesLiteralsConstantsAndConcatenations() {
    Path tests = ClassStrings.classesOf(EndpointPathsTest.class);

    assertThat(ClassStrings.containing(tests, ENDPOINT).get(Sample.class.getName()))
        .contains("POST /v1/constant", "GET /v1/literal", "\u0001 with POST /v1/concatenated");
  }

  /** Every way a source writes text: the scan must see each. */
  static final class Sample {
    static final String CONSTANT = "POST /v1/constant";

    static String literal() {
      return "GET /v1/literal";
    }

    static String concatenated(String what) {
      return what + " with POST /v1/concatenated";
    }
  }
}
