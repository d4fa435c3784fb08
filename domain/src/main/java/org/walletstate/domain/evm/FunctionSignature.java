package org.walletstate.domain.evm;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import org.walletstate.domain.CanonicalText;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.digest.Keccak256;

/**
 * A function's canonical signature ({@code balanceOf(address)}): its name and parameter types with
 * no spaces and no parameter names, the text whose Keccak-256 hash starts with the selector. Two
 * signatures are equal when their canonical texts are.
 */
public final class FunctionSignature extends CanonicalText {

  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");
  private static final Pattern ANY_CANONICAL =
      Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*\\(([a-z0-9\\[\\]]+(,[a-z0-9\\[\\]]+)*)?\\)");

  /** Hashed once: every read's request encodes a call with it. */
  private final Bytes selector;

  /**
   * @param canonical the signature text
   */
  public FunctionSignature(String canonical) {
    super(checked(canonical));
    this.selector =
        Bytes.of(Arrays.copyOf(Keccak256.hash(canonical.getBytes(StandardCharsets.US_ASCII)), 4));
  }

  private static String checked(String canonical) {
    Objects.requireNonNull(canonical, "canonical");
    if (!ANY_CANONICAL.matcher(canonical).matches()) {
      throw new IllegalArgumentException("not a canonical function signature: " + canonical);
    }
    return canonical;
  }

  /** A signature the service itself calls (a constant). */
  public static FunctionSignature of(String canonical) {
    return new FunctionSignature(canonical);
  }

  /**
   * Reads a caller's signature for a view call: exactly {@code name(address)}, where the name is a
   * Solidity identifier and the only parameter is one {@code address}. Anything else (spaces,
   * parameter names, other or more types, a hex selector) is refused rather than guessed at.
   */
  public static FunctionSignature parseSingleAddress(String text, String field) {
    String suffix = "(address)";
    if (text.endsWith(suffix)
        && IDENTIFIER.matcher(text.substring(0, text.length() - suffix.length())).matches()) {
      return new FunctionSignature(text);
    }
    String shown = text.length() > 80 ? text.substring(0, 80) + "…" : text;
    throw new ValidationException(
        field
            + " must be the canonical signature of a view function taking one address, such as"
            + " \"isMember(address)\" (no spaces or parameter names), got \""
            + shown
            + "\"");
  }

  /** The signature text. */
  public String canonical() {
    return canonical;
  }

  /** The first four bytes of the Keccak-256 hash of the signature. */
  public Bytes selector() {
    return selector;
  }

  /** Call data for this function with static arguments, each one ABI word. */
  public Bytes encodeCall(List<Bytes32> arguments) {
    Bytes[] parts = new Bytes[arguments.size() + 1];
    parts[0] = selector;
    for (int i = 0; i < arguments.size(); i++) {
      parts[i + 1] = arguments.get(i).bytes();
    }
    return Bytes.concat(parts);
  }
}
