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
 *
 * <p>A message signed for another purpose is refused as a {@link PurposeMismatch}, which the
 * adapter that answers it words: it describes each purpose by where the service takes it.
 */
public enum SignInPurpose {
  WALLET_AUTH("wallet-auth", false),
  DISCOUNT_PROOF("discount-proof", false),
  POS_PASS("pos-pass", true);

  /** The prefix of every purpose resource. */
  public static final String PREFIX = "urn:walletstate:purpose:";

  /** The path a {@code walletProof}'s URI carries: {@code {base_url}/v1/merchants/{merchantId}}. */
  private static final String STORE_PATH = "/v1/merchants/";

  private final String name;
  private final boolean required;

  SignInPurpose(String name, boolean required) {
    this.name = name;
    this.required = required;
  }

  /**
   * The resource a message for this purpose lists, e.g. {@code urn:walletstate:purpose:pos-pass}.
   */
  public String resource() {
    return PREFIX + name;
  }

  /** Whether a message must list {@link #resource()}. */
  public boolean required() {
    return required;
  }

  /**
   * Why {@code message} may not be used for this purpose: a {@link SignInCheck.Verdict.Refused}
   * with the reason, or a {@link SignInCheck.Verdict.OtherPurpose} when it names another purpose;
   * empty when it may.
   */
  public Optional<SignInCheck.Verdict> problem(SiweMessage message) {
    Set<String> named = new LinkedHashSet<>();
    for (String resource : message.resources()) {
      if (resource.toLowerCase(Locale.ROOT).startsWith(PREFIX)) {
        named.add(resource.toLowerCase(Locale.ROOT));
      }
    }
    if (named.size() > 1) {
      return refused("the message names more than one purpose (" + String.join(", ", named) + ")");
    }
    if (named.isEmpty()) {
      return unnamedProblem(message);
    }
    String only = named.iterator().next();
    if (only.equals(resource())) {
      return Optional.empty();
    }
    return Optional.of(new SignInCheck.Verdict.OtherPurpose(new PurposeMismatch(only, this)));
  }

  private Optional<SignInCheck.Verdict> unnamedProblem(SiweMessage message) {
    if (required) {
      return refused(
          "the message does not name its purpose: list the resource "
              + resource()
              + " under Resources: (a message for another purpose is never accepted here)");
    }
    if (this == WALLET_AUTH && isStoreUri(message.uri())) {
      return refused(
          "the message does not name its purpose and its URI is a store's ("
              + STORE_PATH
              + "…), the form of a discount walletProof; a wallet sign-in has another URI or lists "
              + resource());
    }
    return Optional.empty();
  }

  private static Optional<SignInCheck.Verdict> refused(String reason) {
    return Optional.of(new SignInCheck.Verdict.Refused(reason));
  }

  private static boolean isStoreUri(String uri) {
    return uri.toLowerCase(Locale.ROOT).contains(STORE_PATH);
  }

  /** The purpose whose resource is {@code resource} (lower case); empty for one it is not. */
  static Optional<SignInPurpose> of(String resource) {
    for (SignInPurpose purpose : values()) {
      if (purpose.resource().equals(resource)) {
        return Optional.of(purpose);
      }
    }
    return Optional.empty();
  }
}
