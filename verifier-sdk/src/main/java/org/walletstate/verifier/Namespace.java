package org.walletstate.verifier;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The issuer's namespace word. It is part of every key id ({@code service-attest-v2}) and of every
 * domain tag inside the signed bytes ({@code service.attestation.v2}), so a verifier for a
 * compatible issuer that writes another word ({@code insumer}) must be built with that word.
 */
public final class Namespace {

  /** This service's namespace. */
  public static final Namespace SERVICE = new Namespace("service");

  private static final Pattern WORD = Pattern.compile("[a-z][a-z0-9]{0,31}");

  private final String word;

  private Namespace(String word) {
    this.word = word;
  }

  /** A namespace of lower-case letters and digits, starting with a letter, at most 32 long. */
  public static Namespace of(String word) {
    if (word == null || !WORD.matcher(word).matches()) {
      throw new IllegalArgumentException(
          "a namespace is 1 to 32 lower-case letters or digits starting with a letter: " + word);
    }
    return word.equals(SERVICE.word) ? SERVICE : new Namespace(word);
  }

  public String word() {
    return word;
  }

  /** The key id this namespace gives {@code role}, e.g. {@code service-attest-v2}. */
  public String kid(KeyRole role) {
    return word + "-" + role.suffix();
  }

  /** The role {@code kid} names in this namespace; empty for a kid this verifier does not know. */
  public Optional<KeyRole> roleOf(String kid) {
    if (kid == null || !kid.startsWith(word + "-")) {
      return Optional.empty();
    }
    String suffix = kid.substring(word.length() + 1);
    for (KeyRole role : KeyRole.values()) {
      if (role.suffix().equals(suffix)) {
        return Optional.of(role);
      }
    }
    return Optional.empty();
  }

  /** {@code <ns>.attestation.v2}: {@link StatementType#v2Tag} of attestations. */
  public String attestationV2Tag() {
    return StatementType.ATTESTATION.v2Tag(this);
  }

  /** {@code <ns>.trust.v2}: {@link StatementType#v2Tag} of trust profiles. */
  public String trustV2Tag() {
    return StatementType.TRUST_PROFILE.v2Tag(this);
  }

  /** {@code <ns>.attestation.pq1}: {@link StatementType#companionTag} of attestations. */
  public String attestationCompanionTag() {
    return StatementType.ATTESTATION.companionTag(this);
  }

  /** {@code <ns>.trust.pq1}: {@link StatementType#companionTag} of trust profiles. */
  public String trustCompanionTag() {
    return StatementType.TRUST_PROFILE.companionTag(this);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Namespace that && word.equals(that.word);
  }

  @Override
  public int hashCode() {
    return word.hashCode();
  }

  @Override
  public String toString() {
    return word;
  }
}
