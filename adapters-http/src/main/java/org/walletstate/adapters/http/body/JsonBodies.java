package org.walletstate.adapters.http.body;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import io.quarkus.runtime.configuration.MemorySize;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.domain.request.RequestValue;

/**
 * Reads request bodies into the domain's {@link RequestValue}, keeping what the caller sent: a
 * number is not a string, a missing member is not null, every number is exact. Duplicate members
 * are refused (two parsers taking different ones is a classic ambiguity), as are bodies nested
 * deeper than any request of the interface needs.
 */
public class JsonBodies {

  /** Deeper than any body of the interface (a delegation caveat sits at depth 6). */
  public static final int MAX_DEPTH = 32;

  /** The largest decimal exponent, either way, a number may carry. */
  public static final int MAX_SCALE = 1000;

  private final long maxBodyBytes;

  public JsonBodies(
      @ConfigProperty(name = "walletstate.http.max-body-size") MemorySize maxBodySize) {
    this.maxBodyBytes = maxBodySize.asLongValue();
  }

  /** The message of a 413. */
  public static String tooLarge(long limitBytes) {
    return "Request body is larger than the limit of " + (limitBytes / 1024) + " KiB";
  }

  private final JsonFactory factory =
      JsonFactory.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .streamReadConstraints(
              StreamReadConstraints.builder()
                  .maxNestingDepth(MAX_DEPTH)
                  .maxNumberLength(1000)
                  .maxStringLength(1_000_000)
                  .build())
          .build();

  /** Parses a body that must be a JSON object. */
  public RequestValue.Obj object(byte[] body) {
    if (body == null || body.length == 0) {
      throw ApiError.badRequest("Request body is required: send a JSON object");
    }
    if (body.length > maxBodyBytes) {
      throw new ApiError(413, tooLarge(maxBodyBytes));
    }
    RequestValue value;
    try (JsonParser parser = factory.createParser(body)) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw ApiError.badRequest("Request body is required: send a JSON object");
      }
      value = read(parser, first);
      if (parser.nextToken() != null) {
        throw ApiError.badRequest("Request body must hold one JSON value; found more after it");
      }
    } catch (NumberOutOfRange e) {
      throw ApiError.badRequest(
          "Request body holds the number " + abbreviate(e.literal) + ", which is out of range");
    } catch (StreamConstraintsException e) {
      throw ApiError.badRequest("Request body is too deeply nested or holds an oversized value");
    } catch (JsonParseException e) {
      throw ApiError.badRequest(describe(e));
    } catch (IOException e) {
      throw ApiError.badRequest("Request body could not be read as JSON");
    }
    if (!(value instanceof RequestValue.Obj obj)) {
      throw ApiError.badRequest("Request body must be a JSON object, not " + value.kind());
    }
    return obj;
  }

  private static String describe(JsonParseException e) {
    String original = e.getOriginalMessage();
    if (original != null && original.startsWith("Duplicate field")) {
      int q = original.indexOf('\'');
      int r = original.lastIndexOf('\'');
      String name = q >= 0 && r > q ? original.substring(q + 1, r) : "?";
      return "Request body has the member \"" + abbreviate(name) + "\" more than once";
    }
    var location = e.getLocation();
    return "Request body is not valid JSON (line "
        + (location == null ? "?" : location.getLineNr())
        + ", column "
        + (location == null ? "?" : location.getColumnNr())
        + ")";
  }

  /** A number whose magnitude no field of the interface could accept. */
  private static final class NumberOutOfRange extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String literal;

    NumberOutOfRange(String literal) {
      super(null, null, false, false);
      this.literal = literal;
    }
  }

  private static String abbreviate(String s) {
    return s.length() > 40 ? s.substring(0, 40) + "…" : s;
  }

  private static RequestValue read(JsonParser parser, JsonToken token) throws IOException {
    switch (token) {
      case START_OBJECT:
        {
          Map<String, RequestValue> members = new LinkedHashMap<>();
          for (JsonToken t = parser.nextToken();
              t != JsonToken.END_OBJECT;
              t = parser.nextToken()) {
            String name = parser.currentName();
            members.put(name, read(parser, parser.nextToken()));
          }
          return new RequestValue.Obj(members);
        }
      case START_ARRAY:
        {
          List<RequestValue> items = new ArrayList<>();
          for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
            items.add(read(parser, t));
          }
          return new RequestValue.Arr(items);
        }
      case VALUE_STRING:
        return new RequestValue.Text(parser.getText());
      case VALUE_NUMBER_INT:
      case VALUE_NUMBER_FLOAT:
        {
          String literal = parser.getText();
          BigDecimal value;
          try {
            value = new BigDecimal(literal);
          } catch (NumberFormatException e) {
            throw new NumberOutOfRange(literal);
          }
          // Exponents this far out would make exact arithmetic arbitrarily expensive.
          if (Math.abs((long) value.scale()) > MAX_SCALE) {
            throw new NumberOutOfRange(literal);
          }
          return new RequestValue.Number(value, literal);
        }
      case VALUE_TRUE:
        return new RequestValue.Bool(true);
      case VALUE_FALSE:
        return new RequestValue.Bool(false);
      case VALUE_NULL:
        return RequestValue.NULL;
      default:
        throw new JsonParseException(parser, "unexpected token " + token);
    }
  }
}
