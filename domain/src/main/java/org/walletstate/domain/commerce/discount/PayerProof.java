package org.walletstate.domain.commerce.discount;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.Base58;
import org.walletstate.domain.address.EncodingException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.address.WalletAddress;
import org.walletstate.domain.payload.Timestamps;
import org.walletstate.domain.payment.Payment;
import org.walletstate.domain.siwe.PersonalSign;

/**
 * The payer's proof for {@code POST /v1/payment/confirm}: the wallet that sent a payment signs a
 * text naming the service, the code, the transaction and the chain, so only the payer can bind its
 * payment to a code. EVM wallets sign it with EIP-191 {@code personal_sign} ({@code 0x} and 65
 * bytes of hex); Solana wallets sign its UTF-8 bytes with ed25519 ({@code signMessage}, the 64-byte
 * signature in base58). The text, lines joined by {@code \n}:
 *
 * <pre>
 * Payment confirmation for {host}
 * Code: {code}
 * Transaction: {txHash}
 * Chain: {chainId}
 * Issued At: {RFC 3339 UTC time}
 * </pre>
 *
 * Its first line is not an EIP-4361 header, so no sign-in or walletProof verifier reads it, and
 * this verifier reads nothing else: a sign-in message is never a payer proof, and the reverse.
 *
 * @param message the signed text
 * @param signature the signature, in the family's form
 */
public record PayerProof(String message, String signature) {

  /** How old a proof's {@code Issued At} may be when it is checked. */
  public static final Duration MAX_AGE = Duration.ofMinutes(10);

  /** How far ahead of the service's clock {@code Issued At} may be. */
  public static final Duration MAX_SKEW = Duration.ofMinutes(1);

  static final int MAX_TEXT = 1024;

  private static final String FIRST = "Payment confirmation for ";

  /**
   * @throws ValidationException when the message or the signature is longer than {@value #MAX_TEXT}
   *     characters
   */
  public PayerProof {
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(signature, "signature");
    if (message.length() > MAX_TEXT || signature.length() > MAX_TEXT) {
      throw new ValidationException(
          "payerProof.message and payerProof.signature are at most " + MAX_TEXT + " characters");
    }
  }

  /** The text a payer signs for {@code payment} of {@code code} on the service at {@code host}. */
  public static String text(String host, DiscountCode code, Payment payment, Instant issuedAt) {
    return String.join(
        "\n",
        FIRST + host,
        "Code: " + code.text(),
        "Transaction: " + payment.hash().text(),
        "Chain: " + payment.chain(),
        "Issued At: " + Timestamps.iso(issuedAt));
  }

  /**
   * Why this proof does not show that {@code payment}'s sender binds it to {@code code} at {@code
   * host}; empty when it does.
   */
  public Optional<String> problem(String host, DiscountCode code, Payment payment, Instant now) {
    List<String> lines = message.lines().toList();
    if (lines.size() != 5 || !message.equals(String.join("\n", lines))) {
      return Optional.of("payerProof.message is not the five-line payment confirmation text");
    }
    Optional<String> field =
        expect(lines.get(0), FIRST, host, "is for another service")
            .or(() -> expect(lines.get(1), "Code: ", code.text(), "names another code"))
            .or(
                () ->
                    expect(
                        lines.get(2), "Transaction: ", payment.hash().text(), "names another tx"))
            .or(
                () ->
                    expect(
                        lines.get(3),
                        "Chain: ",
                        payment.chain().toString(),
                        "names another chain"));
    if (field.isPresent()) {
      return field;
    }
    Optional<String> age = age(lines.get(4), now);
    if (age.isPresent()) {
      return age;
    }
    return signedBy(payment.sender())
        ? Optional.empty()
        : Optional.of(
            "payerProof is not signed by the payment's sender " + payment.sender().text());
  }

  private static Optional<String> expect(String line, String prefix, String value, String why) {
    if (!line.startsWith(prefix)) {
      return Optional.of(
          "payerProof.message has no \"" + prefix.strip() + "\" line where expected");
    }
    return line.substring(prefix.length()).equals(value)
        ? Optional.empty()
        : Optional.of("payerProof.message " + why + " (expected " + value + ")");
  }

  private static Optional<String> age(String line, Instant now) {
    String prefix = "Issued At: ";
    if (!line.startsWith(prefix)) {
      return Optional.of("payerProof.message has no \"Issued At:\" line where expected");
    }
    Instant issued;
    try {
      issued = Instant.parse(line.substring(prefix.length()));
    } catch (DateTimeParseException e) {
      return Optional.of("payerProof.message's Issued At is not an RFC 3339 UTC time");
    }
    if (issued.isAfter(now.plus(MAX_SKEW))) {
      return Optional.of("payerProof.message's Issued At is in the future");
    }
    if (issued.isBefore(now.minus(MAX_AGE))) {
      // The refusal written out by design: each names what it was given.
      return Optional.of(
          "payerProof was issued more than "
              + MAX_AGE.toMinutes()
              + " minutes ago; sign a new one");
    }
    return Optional.empty();
  }

  private boolean signedBy(WalletAddress sender) {
    if (sender instanceof EvmAddress evm) {
      return PersonalSign.signer(message, signature).map(evm::equals).orElse(false);
    }
    if (sender instanceof SolanaAddress solana) {
      byte[] raw;
      try {
        raw = Base58.BITCOIN.decode(signature);
      } catch (EncodingException | IllegalArgumentException e) {
        return false;
      }
      return raw.length == 64 && solana.signed(message.getBytes(StandardCharsets.UTF_8), raw);
    }
    return false;
  }
}
