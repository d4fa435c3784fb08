package org.walletstate.application.attest.watch.port.in;

import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import org.walletstate.application.attest.port.in.AttestCommand;
import org.walletstate.application.attest.port.in.AttestCommands;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * Reads a {@code POST /v1/watches} body: the attest request's members with attest's own 400
 * messages, then {@code webhookUrl}, {@code lifetime} and {@code deliver}. Only the form of the URL
 * is checked here; where it leads is the use case's {@code WebhookTargets} check.
 */
public final class WatchCommands {

  /** The shortest and longest lifetime, and the default (seconds). */
  public static final long MIN_LIFETIME = 3_600;

  public static final long MAX_LIFETIME = 30L * 24 * 3_600;
  public static final long DEFAULT_LIFETIME = 7L * 24 * 3_600;

  /** The longest webhook URL accepted. */
  public static final int MAX_URL_LENGTH = 2_048;

  private WatchCommands() {}

  /**
   * @param body the JSON body as sent
   * @param bodyJson its text, kept with the watch
   * @param version the caller's key version
   * @throws ValidationException with the 400 message for the first rule the body breaks
   */
  public static WatchCommand parse(RequestValue.Obj body, String bodyJson, KeyVersion version) {
    AttestCommand attest = AttestCommands.parse(body, version);
    if (body.members().containsKey("assurance")) {
      throw new ValidationException(
          "assurance is not available on watches: a watch reads each chain from one provider");
    }
    Fields fields = Fields.of(body, "");
    URI url = webhookUrl(fields.requiredText("webhookUrl"));
    Duration lifetime = Duration.ofSeconds(lifetime(fields.get("lifetime")));
    WatchCommand.DeliverOn deliverOn = deliverOn(fields.optionalText("deliver"));
    return new WatchCommand(attest, bodyJson, url, lifetime, deliverOn);
  }

  private static URI webhookUrl(String text) {
    if (text.length() > MAX_URL_LENGTH) {
      throw new ValidationException("webhookUrl must be at most " + MAX_URL_LENGTH + " characters");
    }
    URI url;
    try {
      url = new URI(text);
    } catch (URISyntaxException e) {
      throw new ValidationException("webhookUrl must be an absolute https URL");
    }
    String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
    if (!url.isAbsolute()
        || !(scheme.equals("https") || scheme.equals("http"))
        || url.getHost() == null
        || url.getRawFragment() != null) {
      throw new ValidationException("webhookUrl must be an absolute https URL");
    }
    if (url.getRawUserInfo() != null) {
      throw new ValidationException("webhookUrl must not carry a user name or password");
    }
    return url;
  }

  private static long lifetime(RequestValue value) {
    if (value.isMissing()) {
      return DEFAULT_LIFETIME;
    }
    String message =
        "lifetime must be a whole number of seconds from " + MIN_LIFETIME + " to " + MAX_LIFETIME;
    if (!(value instanceof RequestValue.Number n)) {
      throw new ValidationException(message);
    }
    BigDecimal seconds = n.value();
    if (seconds.stripTrailingZeros().scale() > 0
        || seconds.compareTo(BigDecimal.valueOf(MIN_LIFETIME)) < 0
        || seconds.compareTo(BigDecimal.valueOf(MAX_LIFETIME)) > 0) {
      throw new ValidationException(message);
    }
    return seconds.longValueExact();
  }

  private static WatchCommand.DeliverOn deliverOn(Optional<String> text) {
    if (text.isEmpty()) {
      return WatchCommand.DeliverOn.PASS;
    }
    return switch (text.get()) {
      case "pass" -> WatchCommand.DeliverOn.PASS;
      case "met" -> WatchCommand.DeliverOn.MET;
      default -> throw new ValidationException("deliver must be \"pass\" or \"met\"");
    };
  }
}
