package org.walletstate.application.payment.port.in;

import java.math.BigInteger;
import java.util.Base64;
import java.util.Map;
import java.util.Objects;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.payment.AuthorizationCheck;
import org.walletstate.domain.payment.PerCallPayment;
import org.walletstate.domain.payment.SvmPayment;
import org.walletstate.domain.payment.TransferAuthorization;
import org.walletstate.domain.request.RequestValue;
import org.walletstate.domain.solana.SolanaTransaction;

/**
 * The reader of an x402 payment payload, as a client sends it (base64 of its JSON) in the payment
 * header of a paid retry: the network and scheme it pays by, and its "exact" {@code payload} read
 * into the domain's {@link PerCallPayment} (the command {@link PaidCallUseCase} takes): an EIP-3009
 * authorization with its signature on an EVM network, or a partially signed transaction on Solana.
 * Anything that is not one is a {@link ValidationException} naming the field. Which networks are
 * quoted, and at what terms, is the caller's to say.
 */
public final class X402Payload {

  /** The longest payment header read. */
  public static final int MAX_HEADER = 8192;

  /**
   * The x402 v1 names of the quoted networks, as the official client packages map them to CAIP-2
   * ids (a v1 payload names its network at the top level, by name; Arbitrum and Arc have no v1 name
   * there, so they are paid with v2 only).
   */
  static final Map<String, String> V1_NETWORKS =
      Map.of(
          "base",
          "eip155:8453",
          "polygon",
          "eip155:137",
          "solana",
          "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp");

  private final RequestValue.Obj message;

  private X402Payload(RequestValue.Obj message) {
    this.message = Objects.requireNonNull(message, "message");
  }

  /** The payload JSON's bytes in a payment header: base64, standard or URL-safe. */
  public static byte[] headerBytes(String header) {
    if (header == null || header.isBlank() || header.length() > MAX_HEADER) {
      throw new ValidationException(
          "The payment header must be base64 of an x402 payment payload (at most "
              + MAX_HEADER
              + " characters)");
    }
    try {
      String text = header.strip();
      return text.indexOf('-') >= 0 || text.indexOf('_') >= 0
          ? Base64.getUrlDecoder().decode(text)
          : Base64.getDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw new ValidationException("The payment header is not valid base64");
    }
  }

  /** The payment payload, its JSON object read. */
  public static X402Payload of(RequestValue.Obj message) {
    return new X402Payload(message);
  }

  /**
   * The CAIP-2 network paid on: the accepted requirement's (v2), else the top-level name of a v1
   * payload mapped to its id, else the top-level value as it is.
   */
  public String network() {
    RequestValue accepted = member(message, "accepted");
    if (member(accepted, "network") instanceof RequestValue.Text text) {
      return text.value();
    }
    String named = text(message.get("network"));
    return asInt(message.get("x402Version")) == 1 ? V1_NETWORKS.getOrDefault(named, named) : named;
  }

  /** The scheme paid by: the accepted requirement's, else the top-level one, else "exact". */
  public String scheme() {
    RequestValue accepted = member(message, "accepted");
    if (member(accepted, "scheme") instanceof RequestValue.Text text) {
      return text.value();
    }
    RequestValue scheme = message.get("scheme");
    return scheme instanceof RequestValue.Absent || scheme instanceof RequestValue.Null
        ? "exact"
        : text(scheme);
  }

  /** The x402 exact EVM payload paying {@code terms} on {@code network}. */
  public PerCallPayment.Evm evm(String network, AuthorizationCheck.Terms terms) {
    return new PerCallPayment.Evm(network, terms, authorization(message.get("payload")));
  }

  /**
   * The x402 exact SVM payload paying {@code terms} on {@code network}: {@code transaction}, base64
   * of the partially signed transaction, carrying one SPL {@code TransferChecked}.
   */
  public PerCallPayment.Svm svm(String network, SvmPayment.Terms terms) {
    SolanaTransaction transaction = transaction(member(message, "payload"));
    try {
      return new PerCallPayment.Svm(network, terms, transaction);
    } catch (IllegalArgumentException e) {
      throw new ValidationException(
          "payload.transaction does not pay by SPL token: " + e.getMessage());
    }
  }

  private static SolanaTransaction transaction(RequestValue payload) {
    if (!(member(payload, "transaction") instanceof RequestValue.Text text)
        || text.value().isEmpty()) {
      throw new ValidationException(
          "The payment has no payload.transaction (base64 of a partially signed Solana"
              + " transaction)");
    }
    byte[] wire;
    try {
      wire = Base64.getDecoder().decode(text.value());
    } catch (IllegalArgumentException e) {
      throw new ValidationException("payload.transaction is not valid base64");
    }
    try {
      return SolanaTransaction.decode(wire);
    } catch (SolanaTransaction.MalformedTransaction e) {
      throw new ValidationException(
          "payload.transaction is not a Solana transaction: " + e.getMessage());
    }
  }

  private static TransferAuthorization authorization(RequestValue payload) {
    if (!(member(payload, "authorization") instanceof RequestValue.Obj auth)) {
      throw new ValidationException(
          "The payment has no payload.authorization (an EIP-3009 transferWithAuthorization)");
    }
    return new TransferAuthorization(
        address(auth, "from"),
        address(auth, "to"),
        uint(auth, "value"),
        uint(auth, "validAfter"),
        uint(auth, "validBefore"),
        nonce(auth),
        signature(payload));
  }

  private static EvmAddress address(RequestValue.Obj auth, String field) {
    String text = text(auth.get(field));
    if (!text.matches("0x[0-9a-fA-F]{40}")) {
      throw new ValidationException(
          "payload.authorization." + field + " must be an EVM address (0x and 40 hex digits)");
    }
    return EvmAddress.of(text);
  }

  /** A uint256 written as a decimal string, or as a JSON integer. */
  private static BigInteger uint(RequestValue.Obj auth, String field) {
    RequestValue value = auth.get(field);
    String text =
        value instanceof RequestValue.Text t
            ? t.value()
            : value instanceof RequestValue.Number n && isIntegral(n) ? n.literal() : "";
    if (!text.matches("[0-9]{1,78}") || new BigInteger(text).bitLength() > 256) {
      throw new ValidationException(
          "payload.authorization." + field + " must be a uint256 as a decimal string");
    }
    return new BigInteger(text);
  }

  private static Bytes32 nonce(RequestValue.Obj auth) {
    String text = text(auth.get("nonce"));
    if (!text.matches("0x[0-9a-fA-F]{64}")) {
      throw new ValidationException("payload.authorization.nonce must be 0x and 64 hex digits");
    }
    return Bytes32.parse(text, "nonce");
  }

  private static String signature(RequestValue payload) {
    String text = text(member(payload, "signature"));
    if (!text.matches("0x[0-9a-fA-F]{130}")) {
      throw new ValidationException("payload.signature must be 0x and 65 bytes of hex");
    }
    return text;
  }

  /** A member of {@code value} when it is an object; absent otherwise. */
  private static RequestValue member(RequestValue value, String name) {
    return value instanceof RequestValue.Obj obj ? obj.get(name) : RequestValue.ABSENT;
  }

  /** A scalar as text (a number as written, a boolean as its word); "" for anything else. */
  private static String text(RequestValue value) {
    if (value instanceof RequestValue.Text t) {
      return t.value();
    }
    if (value instanceof RequestValue.Number n) {
      return n.literal();
    }
    if (value instanceof RequestValue.Bool b) {
      return Boolean.toString(b.value());
    }
    return "";
  }

  /**
   * A version number read leniently: an integer, a number truncated, numeric text, or true as 1.
   */
  private static int asInt(RequestValue value) {
    if (value instanceof RequestValue.Number n) {
      return n.value().intValue();
    }
    if (value instanceof RequestValue.Bool b) {
      return b.value() ? 1 : 0;
    }
    if (value instanceof RequestValue.Text t) {
      try {
        return (int) Double.parseDouble(t.value().strip());
      } catch (NumberFormatException e) {
        return 0;
      }
    }
    return 0;
  }

  private static boolean isIntegral(RequestValue.Number number) {
    return number.literal().matches("-?[0-9]+");
  }
}
