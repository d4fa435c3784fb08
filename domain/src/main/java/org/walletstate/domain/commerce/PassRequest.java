package org.walletstate.domain.commerce;

import org.walletstate.domain.ValidationException;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * {@code POST /v1/pass}: either a signed EIP-4361 message ({@code message}, {@code signature}: the
 * wallet signs in, as with wallet authorization), or the {@code renewal} token an earlier sign-in
 * returned (a fresh pass without a new signature).
 */
public sealed interface PassRequest {

  /** The longest renewal token accepted. */
  int RENEWAL_MAX = 100;

  record SignIn(String message, String signature) implements PassRequest {}

  record Renewal(String token) implements PassRequest {
    /** The token is a credential: its text never reaches a log. */
    @Override
    public String toString() {
      return "Renewal[****]";
    }
  }

  static PassRequest parse(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    for (String member : body.members().keySet()) {
      if (!member.equals("message") && !member.equals("signature") && !member.equals("renewal")) {
        throw new ValidationException(
            "unknown member "
                + Members.abbreviate(member)
                + "; expected message and signature, or renewal");
      }
    }
    if (fields.has("renewal")) {
      if (fields.has("message") || fields.has("signature")) {
        throw new ValidationException("send message and signature, or renewal, not both");
      }
      String token = fields.requiredText("renewal");
      if (token.isEmpty() || token.length() > RENEWAL_MAX) {
        throw new ValidationException("renewal must be the token an earlier sign-in returned");
      }
      return new Renewal(token);
    }
    String message = fields.requiredText("message");
    String signature = fields.requiredText("signature");
    if (!signature.matches("0x[0-9a-fA-F]{130}")) {
      throw new ValidationException("signature must be 0x and 130 hex digits (65 bytes)");
    }
    return new SignIn(message, signature);
  }
}
