package org.walletstate.adapters.http.corpus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One request of the corpus, as a file under {@code corpus/requests/} lists it: {@code name},
 * {@code method}, {@code path}, {@code auth} (how the caller identifies itself, see {@link
 * Callers}), optional {@code headers}, a JSON {@code body} or a {@code rawBody} text, {@code
 * signed} (which SDK check every 200 answer must pass: {@code attestation}, {@code trust}, {@code
 * trustBatch}, {@code discount}, {@code mcpAttestation}) and {@code fault} (a broken endpoint the
 * request is answered through). {@code ${name}} in the path, headers and body is replaced by the
 * corpus's fixed values ({@link CorpusWorld#values()}).
 */
record CorpusRequest(
    String name,
    String method,
    String path,
    String auth,
    Map<String, String> headers,
    String body,
    String signed,
    String fault) {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z0-9_.]+)}");

  /** The requests of {@code corpus/requests/<feature>.json}, in file order. */
  static List<CorpusRequest> load(String feature, Map<String, String> values) {
    String resource = "/corpus/requests/" + feature + ".json";
    try (InputStream in = CorpusRequest.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("no " + resource);
      }
      List<CorpusRequest> requests = new ArrayList<>();
      for (JsonNode entry : JSON.readTree(in)) {
        requests.add(of(entry, values));
      }
      return requests;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static CorpusRequest of(JsonNode entry, Map<String, String> values) throws IOException {
    Map<String, String> headers = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> header : entry.path("headers").properties()) {
      headers.put(header.getKey(), header.getValue().asText());
    }
    headers.replaceAll((k, v) -> substitute(v, values));
    String body =
        entry.has("rawBody")
            ? entry.get("rawBody").asText()
            : entry.has("body") ? JSON.writeValueAsString(entry.get("body")) : null;
    return new CorpusRequest(
        entry.path("name").asText(),
        entry.path("method").asText("POST"),
        substitute(entry.path("path").asText(), values),
        entry.path("auth").asText("key"),
        headers,
        body == null ? null : substitute(body, values),
        entry.path("signed").asText("none"),
        entry.hasNonNull("fault") ? entry.get("fault").asText() : null);
  }

  static String substitute(String text, Map<String, String> values) {
    Matcher m = VARIABLE.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String value = values.get(m.group(1));
      if (value == null) {
        throw new IllegalStateException("no corpus value " + m.group(1) + " in " + text);
      }
      m.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    m.appendTail(out);
    return out.toString();
  }

  @Override
  public String toString() {
    return name + " (" + method + " " + path + ")";
  }
}
