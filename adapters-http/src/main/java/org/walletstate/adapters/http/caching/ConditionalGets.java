package org.walletstate.adapters.http.caching;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.MediaType;
import java.lang.annotation.Annotation;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;
import org.walletstate.adapters.http.body.EntityBytes;

/**
 * {@code ETag} and {@code If-None-Match} for {@link Validated} endpoints. The tag is the first 128
 * bits of a SHA-256, base64url, quoted: strong over the exact bytes sent (the filter serialises the
 * entity itself and sends those bytes) for a document such as the key set, weak ({@code W/}) over
 * the envelope without its {@code meta} (which carries the answer's timestamp) for an envelope.
 * {@code If-None-Match} is compared weakly, as RFC 9110 section 13.1.2 says ({@code W/"x"} matches
 * {@code "x"}; {@code *} matches any): a match is a 304 with the tag and the {@code Cache-Control},
 * and no body. Only 200 answers are tagged.
 */
public class ConditionalGets {

  private final ObjectMapper json;

  @Inject
  public ConditionalGets(ObjectMapper json) {
    this.json = json;
  }

  @ServerResponseFilter
  @Validated
  public void tag(
      ContainerRequestContext request, ContainerResponseContext response, ResourceInfo resource) {
    if (response.getStatus() != 200) {
      return;
    }
    Validated validated = resource.getResourceMethod().getAnnotation(Validated.class);
    if (validated == null) {
      validated = resource.getResourceClass().getAnnotation(Validated.class);
    }
    MediaType type = response.getMediaType();
    byte[] bytes = bytes(response.getEntity());
    String etag = tagOf(bytes);
    response.getHeaders().putSingle("ETag", etag);
    response.getHeaders().putSingle("Cache-Control", validated.value());
    if (matches(request.getHeaders().get("If-None-Match"), etag)) {
      response.setStatus(304);
      response.setEntity(null);
      return;
    }
    response.setEntity(bytes, new Annotation[0], type);
  }

  /**
   * A strong tag of the bytes, or for an envelope (a JSON object with {@code meta}, which holds the
   * answer's timestamp) a weak tag of the envelope without {@code meta}: two answers with the same
   * data are then equivalent though not byte-identical.
   */
  private String tagOf(byte[] bytes) {
    if (bytes.length > 0 && bytes[0] == '{') {
      try {
        JsonNode tree = json.readTree(bytes);
        if (tree instanceof ObjectNode envelope && envelope.has("meta")) {
          envelope.remove("meta");
          return "W/" + etag(json.writeValueAsBytes(envelope));
        }
      } catch (java.io.IOException notJson) {
        // not an envelope: tagged strongly below
      }
    }
    return etag(bytes);
  }

  static String etag(byte[] bytes) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
      return "\""
          + Base64.getUrlEncoder()
              .withoutPadding()
              .encodeToString(java.util.Arrays.copyOf(digest, 16))
          + "\"";
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }

  /** Whether any entity tag of the {@code If-None-Match} fields matches {@code etag}, weakly. */
  static boolean matches(java.util.List<String> fields, String etag) {
    if (fields == null) {
      return false;
    }
    for (String field : fields) {
      for (String tag : field.split(",")) {
        String t = tag.strip();
        if (t.equals("*")) {
          return true;
        }
        if (t.startsWith("W/")) {
          t = t.substring(2);
        }
        if (t.equals(etag.startsWith("W/") ? etag.substring(2) : etag)) {
          return true;
        }
      }
    }
    return false;
  }

  private byte[] bytes(Object entity) {
    return EntityBytes.of(entity, json);
  }
}
