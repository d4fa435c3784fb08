package org.walletstate.application.commerce.port.in;

import org.walletstate.domain.ValidationException;
import org.walletstate.domain.commerce.PassRequest;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/** Reads the body of {@link IssuePassUseCase}: {@code POST /v1/pass}. */
public final class IssuePassCommands {

  private IssuePassCommands() {}

  public static PassRequest passRequest(RequestValue.Obj body) {
    Fields fields = Fields.of(body, "");
    BodyMembers.onlyMembers(
        body, "message and signature, or renewal", "message", "signature", "renewal");
    if (fields.has("renewal")) {
      if (fields.has("message") || fields.has("signature")) {
        throw new ValidationException("send message and signature, or renewal, not both");
      }
      String token = fields.requiredText("renewal");
      if (token.isEmpty() || token.length() > PassRequest.RENEWAL_MAX) {
        throw new ValidationException("renewal must be the token an earlier sign-in returned");
      }
      return new PassRequest.Renewal(token);
    }
    String message = fields.requiredText("message");
    String signature = fields.requiredText("signature");
    if (!signature.matches("0x[0-9a-fA-F]{130}")) {
      throw new ValidationException("signature must be 0x and 130 hex digits (65 bytes)");
    }
    return new PassRequest.SignIn(message, signature);
  }
}
