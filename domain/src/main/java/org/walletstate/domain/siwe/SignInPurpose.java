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
 * <p>Wallet sign-in and the pass sign-in must name theirs. A {@code walletProof}'s purpose is its
 * URI ({@code {base_url}/v1/merchants/{merchantId}}, which the interface specification mandates and
 * which no other message of the service needs); it may name its purpose resource too, and is
 * refused when it names another one. As both other kinds must carry their own resource, none of
 * them is ever a {@code walletProof}, and a {@code walletProof} is never one of them.
 */
public enum SignInPurpose {
  WALLET_AUTH("wallet-auth", "wallet sign-in (Authorization: Wallet)", true),
  DISCOUNT_PROOF("discount-proof", "a discount walletProof", false),
  POS_PASS("pos-pass", "the in-store pass sign-in (POST /v1/pass)", true);

  /** The prefix of every purpose resource. */
  public static final String PREFIX = "urn:walletstate:purpose:";

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

  /** Whether a message must list {@link #resource()} (false: its URI names the purpose). */
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
      return required
          ? Optional.of(
              "the message does not name its purpose: list the resource "
                  + resource()
                  + " under Resources: (a message for another purpose is never accepted here)")
          : Optional.empty();
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

  private static Optional<SignInPurpose> of(String resource) {
    for (SignInPurpose purpose : values()) {
      if (purpose.resource().equals(resource)) {
        return Optional.of(purpose);
      }
    }
    return Optional.empty();
  }
}
