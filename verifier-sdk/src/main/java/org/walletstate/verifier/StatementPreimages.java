package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.walletstate.verifier.internal.JsJson;

/**
 * How a statement becomes the bytes its signature covers (the table in {@link StatementType}): the
 * whole statement or its signed members, stringified (V1) or canonical after a tag line (V2).
 */
final class StatementPreimages {

  private static final byte LF = '\n';

  private StatementPreimages() {}

  /** The preimage of a statement signed whole; {@code v2Tag} heads a V2 preimage. */
  static byte[] whole(PreimageScheme scheme, String v2Tag, String noun, JsonNode statement) {
    if (statement == null || !statement.isObject()) {
      throw new IllegalArgumentException("a " + noun + " is a JSON object");
    }
    return scheme == PreimageScheme.V2
        ? tagged(v2Tag, utf8(CanonicalJson.canonical(statement)))
        : utf8(CanonicalJson.stringify(statement));
  }

  /**
   * The preimage of {@code signedMembers} of a statement, each taken exactly as it is, in their
   * order; a V2 preimage also carries {@code v: 2}.
   */
  static byte[] members(
      PreimageScheme scheme,
      String v2Tag,
      String noun,
      List<String> signedMembers,
      JsonNode statement) {
    ObjectNode signed = JsonNodeFactory.instance.objectNode();
    if (scheme == PreimageScheme.V2) {
      signed.put("v", 2);
    }
    for (String member : signedMembers) {
      JsonNode value = statement == null ? null : statement.get(member);
      if (value == null) {
        throw new IllegalArgumentException("the " + noun + " has no " + member);
      }
      signed.set(member, value);
    }
    try {
      if (scheme == PreimageScheme.V2) {
        return tagged(v2Tag, utf8(JsJson.canonical(signed, CanonicalJson.MAX_DEPTH)));
      }
      // the V1 bound counts from each signed member, one level below the new wrapper
      return utf8(JsJson.stringify(signed, CanonicalJson.MAX_DEPTH + 1));
    } catch (JsJson.NestingTooDeep e) {
      throw new CanonicalJson.NestingTooDeepException(CanonicalJson.MAX_DEPTH);
    }
  }

  /** The tag line, LF, then {@code body}. */
  static byte[] tagged(String tag, byte[] body) {
    byte[] head = utf8(tag);
    byte[] out = new byte[head.length + 1 + body.length];
    System.arraycopy(head, 0, out, 0, head.length);
    out[head.length] = LF;
    System.arraycopy(body, 0, out, head.length + 1, body.length);
    return out;
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
