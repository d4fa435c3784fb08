package org.walletstate.domain.siwe;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What a signed EIP-4361 message is for. The service reads three kinds of them, from the same
 * wallets, for the same domain: a wallet sign-in ({@code Authorization: Wallet}), a discount {@code
 * walletProof} and the in-store pass's sign-in ({@code POST /v1/pass}). A message names its purpose
 * with one resource {@code urn:walletstate:purpose:<name>} under {@code Resources:}, and a message
 * is refused for any purpose other than the one it names, so one signed for one purpose is never
 * accepted as another.
 *
 * <p>The pass sign-in must name its purpose. A {@code walletProof}'s purpose is its URI ({@code
 * {base_url}/v1/merchants/{merchantId}}, which the interface specification mandates); it may name
 * its purpose resource too. A wallet sign-in, which the specification defines without resources,
 * may name its own purpose or none; one naming none is refused when its URI is a store's (the
 * {@code walletProof} form). So a pass sign-in is never anything else (it names its own purpose), a
 * {@code walletProof} is never a sign-in (it names another purpose, or its URI is a store's), and a
 * wallet sign-in is never a {@code walletProof} (its URI is not a store's, or it names its own
 * purpose) nor a pass sign-in (which must name its purpose).
 */
public enum SignInPurpose {
  WALLET_AUTH("wallet-auth", "wallet sign-in (Authorization: Wallet)", false),
  DISCOUNT_PROOF("discount-proof", "a discount walletProof", false),
  POS_PASS("pos-pass", "the in-store pass sign-in (POST /v1/pass)", true);

  /** The prefix of every purpose resource. */
  public static final String PREFIX = "urn:walletstate:purpose:";

  /** The path a {@code walletProof}'s URI carries: {@code {base_url}/v1/merchants/{merchantId}}. */
  private static final String STORE_PATH = "/v1/merchants/";

  private final String name;
  private final String description;
  private final boolean required;

  SignInPurpose(String name, String description, boolean required) {
    this.name = name;
    this.description = description;
    this.required = required;
  }

  /**
   * The resource a message for this purpose lists, e.g. {@code urn:walletstate:purpose:pos-pass}.
   */
  public String resource() {
    return PREFIX + name;
  }

  /** What the purpose is, for refusals. */
  public String description() {
    return description;
  }

  /** Whether a message must list {@link #resource()}. */
  public boolean required() {
    return required;
  }

  /** Why {@code message} may not be used for this purpose; empty when it may. */
  public Optional<String> problem(SiweMessage message) {
    Set<String> named = new LinkedHashSet<>();
    for (String resource : message.resources()) {
      if (resource.toLowerCase(Locale.ROOT).startsWith(PREFIX)) {
        named.add(resource.toLowerCase(Locale.ROOT));
      }
    }
    if (named.size() > 1) {
      return Optional.of(
          "the message names more than one purpose (" + String.join(", ", named) + ")");
    }
    if (named.isEmpty()) {
      return unnamedProblem(message);
    }
    String only = named.iterator().next();
    if (only.equals(resource())) {
      return Optional.empty();
    }
    return Optional.of(
        "the message is signed for "
            + of(only).map(SignInPurpose::description).orElse("an unknown purpose " + only)
            + ", not for "
            + description
            + "; sign a message that lists "
            + resource());
  }

  private Optional<String> unnamedProblem(SiweMessage message) {
    if (required) {
      return Optional.of(
          "the message does not name its purpose: list the resource "
              + resource()
              + " under Resources: (a message for another purpose is never accepted here)");
    }
    if (this == WALLET_AUTH && isStoreUri(message.uri())) {
      return Optional.of(
          "the message does not name its purpose and its URI is a store's ("
              + STORE_PATH
              + "…), the form of "
              + DISCOUNT_PROOF.description
              + "; a wallet sign-in has another URI or lists "
              + resource());
    }
    return Optional.empty();
  }

  private static boolean isStoreUri(String uri) {
    return uri.toLowerCase(Locale.ROOT).contains(STORE_PATH);
  }

  private static Optional<SignInPurpose> of(String resource) {
    for (SignInPurpose purpose : values()) {
      if (purpose.resource().equals(resource)) {
        return Optional.of(purpose);
      }
    }
    return Optional.empty();
  }
}
