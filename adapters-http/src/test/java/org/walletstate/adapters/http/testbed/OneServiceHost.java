package org.walletstate.adapters.http.testbed;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * The service's public base URL and its wallet sign-in domain name one host ({@code localhost}), as
 * in a deployment: a walletProof, a wallet sign-in and a pass sign-in may then name the same
 * domain, so only what a message is for tells them apart.
 */
public final class OneServiceHost implements QuarkusTestProfile {

  /** The host every EIP-4361 message names. */
  public static final String HOST = "localhost";

  /** The public base URL. */
  public static final String BASE_URL = "http://localhost";

  @Override
  public Map<String, String> getConfigOverrides() {
    return Map.of("walletstate.public-base-url", BASE_URL, "walletstate.wallet-auth.domain", HOST);
  }
}
