package org.walletstate.domain.request;

import java.util.Optional;
import org.walletstate.domain.ValidationException;

/**
 * The members of one request object, read with the path the caller sees in messages ({@code
 * conditions[2].threshold}). Every accessor either returns a value of the asked shape or throws a
 * {@link ValidationException} naming the member and what was sent instead.
 */
public final class Fields {

  private final RequestValue.Obj object;
  private final String path;

  private Fields(RequestValue.Obj object, String path) {
    this.object = object;
    this.path = path;
  }

  /**
   * @param object the object sent
   * @param path its path in messages; empty for the request body itself
   */
  public static Fields of(RequestValue.Obj object, String path) {
    return new Fields(object, path);
  }

  /** The path of a member, as messages name it. */
  public String path(String member) {
    return path.isEmpty() ? member : path + "." + member;
  }

  /** The raw member; {@link RequestValue#ABSENT} when it was not sent. */
  public RequestValue get(String member) {
    return object.get(member);
  }

  /** True when the member was sent with a value other than {@code null}. */
  public boolean has(String member) {
    return !object.get(member).isMissing();
  }

  /** A string member that must be sent. */
  public String requiredText(String member) {
    RequestValue value = object.get(member);
    if (value.isMissing()) {
      throw new ValidationException(path(member) + " is required");
    }
    return text(member, value);
  }

  /** A string member that may be left out (or sent as {@code null}). */
  public Optional<String> optionalText(String member) {
    RequestValue value = object.get(member);
    return value.isMissing() ? Optional.empty() : Optional.of(text(member, value));
  }

  private String text(String member, RequestValue value) {
    if (value instanceof RequestValue.Text t) {
      return t.value();
    }
    throw new ValidationException(path(member) + " must be a string, not " + value.kind());
  }
}
