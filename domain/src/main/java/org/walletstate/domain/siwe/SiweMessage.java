package org.walletstate.domain.siwe;

import java.net.URI;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;

/**
 * An EIP-4361 (Sign-In with Ethereum) message, parsed strictly: the exact line layout of the
 * specification's ABNF, an EIP-55 checksummed address, {@code Version: 1}, a decimal chain id, a
 * nonce of at least 8 letters and digits, RFC 3339 timestamps, optional fields only in their order.
 *
 * @param scheme the optional scheme before the domain
 * @param domain the RFC 3986 authority that asks for the sign-in
 * @param address the signing account
 * @param statement the optional statement
 * @param uri the subject of the sign-in
 * @param chainId the EIP-155 chain id named
 * @param nonce the single-use nonce
 * @param issuedAt when the message was made
 * @param expirationTime when it stops being valid, if stated
 * @param notBefore when it becomes valid, if stated
 * @param requestId the optional request id
 * @param resources the optional resources
 */
public record SiweMessage(
    Optional<String> scheme,
    String domain,
    EvmAddress address,
    Optional<String> statement,
    String uri,
    long chainId,
    String nonce,
    Instant issuedAt,
    Optional<Instant> expirationTime,
    Optional<Instant> notBefore,
    Optional<String> requestId,
    List<String> resources) {

  /** The longest message accepted; a sign-in message is a few hundred bytes. */
  public static final int MAX_LENGTH = 8192;

  private static final String HEADER = " wants you to sign in with your Ethereum account:";

  public SiweMessage {
    Objects.requireNonNull(domain, "domain");
    Objects.requireNonNull(address, "address");
    resources = List.copyOf(resources);
  }

  /** Thrown when a text is not an EIP-4361 message; the message names what is wrong. */
  public static final class MalformedException extends Exception {
    private static final long serialVersionUID = 1L;

    MalformedException(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * @throws MalformedException naming the first line or field that breaks the format
   */
  public static SiweMessage parse(String text) throws MalformedException {
    try {
      return parseStrict(text);
    } catch (UncheckedMalformed e) {
      throw new MalformedException(e.getMessage());
    }
  }

  private static SiweMessage parseStrict(String text) throws MalformedException {
    Cursor c = new Cursor(lines(text));
    Origin origin = origin(c.next("the header line"));
    EvmAddress address = address(c.next("the address line"));
    c.blank("after the address");
    Optional<String> statement = statement(c);
    String uri = uri(c.field("URI"));
    if (!"1".equals(c.field("Version"))) {
      throw new MalformedException("Version must be 1");
    }
    String chain = c.field("Chain ID");
    if (!chain.matches("[1-9][0-9]{0,17}")) {
      throw new MalformedException("Chain ID \"" + chain + "\" is not a decimal chain id");
    }
    String nonce = c.field("Nonce");
    if (!nonce.matches("[A-Za-z0-9]{8,128}")) {
      throw new MalformedException("Nonce must be 8 to 128 letters and digits");
    }
    Instant issuedAt = time("Issued At", c.field("Issued At"));
    Optional<Instant> expiration =
        c.optionalField("Expiration Time").map(v -> time("Expiration Time", v));
    Optional<Instant> notBefore = c.optionalField("Not Before").map(v -> time("Not Before", v));
    Optional<String> requestId = c.optionalField("Request ID");
    List<String> resources = resources(c);
    return new SiweMessage(
        origin.scheme(),
        origin.authority(),
        address,
        statement,
        uri,
        Long.parseLong(chain),
        nonce,
        issuedAt,
        expiration,
        notBefore,
        requestId,
        resources);
  }

  private static List<String> lines(String text) throws MalformedException {
    if (text == null || text.isEmpty()) {
      throw new MalformedException("the message is empty");
    }
    if (text.length() > MAX_LENGTH) {
      throw new MalformedException("the message is longer than " + MAX_LENGTH + " characters");
    }
    if (text.indexOf('\r') >= 0) {
      throw new MalformedException("lines must end with LF only");
    }
    return List.of(text.split("\n", -1));
  }

  /** The optional scheme and the authority of the header line. */
  private record Origin(Optional<String> scheme, String authority) {}

  private static Origin origin(String header) throws MalformedException {
    if (!header.endsWith(HEADER)) {
      throw new MalformedException(
          "the first line must be \"<domain> wants you to sign in with your Ethereum account:\"");
    }
    String origin = header.substring(0, header.length() - HEADER.length());
    Optional<String> scheme = Optional.empty();
    int sep = origin.indexOf("://");
    if (sep >= 0) {
      scheme = Optional.of(origin.substring(0, sep));
      if (!scheme.get().matches("[A-Za-z][A-Za-z0-9+.-]*")) {
        throw new MalformedException("the scheme \"" + scheme.get() + "\" is not a URI scheme");
      }
      origin = origin.substring(sep + 3);
    }
    if (!origin.matches("[A-Za-z0-9._~%!$&'()*+,;=:@\\[\\]-]+")) {
      throw new MalformedException("the domain \"" + origin + "\" is not an RFC 3986 authority");
    }
    return new Origin(scheme, origin);
  }

  private static EvmAddress address(String addressLine) throws MalformedException {
    if (!addressLine.matches("0x[0-9a-fA-F]{40}")) {
      throw new MalformedException("the second line must be a 0x-prefixed 40-hex-digit address");
    }
    EvmAddress address = EvmAddress.of(addressLine.toLowerCase(java.util.Locale.ROOT));
    if (!address.checksummed().equals(addressLine)) {
      throw new MalformedException("the address must be in its EIP-55 checksummed form");
    }
    return address;
  }

  private static Optional<String> statement(Cursor c) throws MalformedException {
    String line = c.next("the URI line");
    if (line.isEmpty()) {
      return Optional.empty();
    }
    if (line.startsWith("URI: ")) {
      throw new MalformedException(
          "without a statement, two blank lines must separate the address from URI");
    }
    c.blank("after the statement");
    return Optional.of(line);
  }

  private static String uri(String uri) throws MalformedException {
    try {
      if (!URI.create(uri).isAbsolute()) {
        throw new MalformedException("URI \"" + uri + "\" is not an absolute URI");
      }
    } catch (IllegalArgumentException e) {
      throw new MalformedException("URI \"" + uri + "\" is not a URI");
    }
    return uri;
  }

  /** The optional resources, which end the message. */
  private static List<String> resources(Cursor c) throws MalformedException {
    List<String> resources = new ArrayList<>();
    if (c.peekIs("Resources:")) {
      c.next("Resources");
      while (c.hasNext() && c.peek().startsWith("- ")) {
        resources.add(c.next("a resource").substring(2));
      }
      if (resources.isEmpty()) {
        throw new MalformedException("Resources: must list at least one resource");
      }
    }
    if (c.hasNext()) {
      throw new MalformedException(
          "unexpected line "
              + (c.index + 1)
              + " after the last field: \""
              + abbreviate(c.peek())
              + "\"");
    }
    return resources;
  }

  private static Instant time(String field, String value) {
    try {
      return OffsetDateTime.parse(value).toInstant();
    } catch (DateTimeParseException e) {
      throw new UncheckedMalformed(
          field + " \"" + abbreviate(value) + "\" is not an RFC 3339 time");
    }
  }

  private static String abbreviate(String s) {
    return s.length() > 60 ? s.substring(0, 60) + "…" : s;
  }

  /** Carries a format error out of a lambda. */
  private static final class UncheckedMalformed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UncheckedMalformed(String message) {
      super(message, null, false, false);
    }
  }

  private static final class Cursor {
    private final List<String> lines;
    private int index;

    Cursor(List<String> lines) {
      this.lines = lines;
    }

    boolean hasNext() {
      return index < lines.size();
    }

    String peek() {
      return lines.get(index);
    }

    boolean peekIs(String prefix) {
      return hasNext() && peek().equals(prefix);
    }

    String next(String what) throws MalformedException {
      if (!hasNext()) {
        throw new MalformedException("the message ends before " + what);
      }
      return lines.get(index++);
    }

    void blank(String where) throws MalformedException {
      if (!next("a blank line " + where).isEmpty()) {
        throw new MalformedException("a blank line must come " + where);
      }
    }

    String field(String name) throws MalformedException {
      String line = next("the " + name + " line");
      String prefix = name + ": ";
      if (!line.startsWith(prefix)) {
        throw new MalformedException(
            "expected \""
                + prefix
                + "…\" on line "
                + index
                + ", found \""
                + abbreviate(line)
                + "\"");
      }
      String value = line.substring(prefix.length());
      if (value.isEmpty()) {
        throw new MalformedException(name + " is empty");
      }
      return value;
    }

    Optional<String> optionalField(String name) {
      if (hasNext() && peek().startsWith(name + ": ")) {
        String value = lines.get(index++).substring(name.length() + 2);
        if (value.isEmpty()) {
          throw new UncheckedMalformed(name + " is empty");
        }
        return Optional.of(value);
      }
      return Optional.empty();
    }
  }
}
