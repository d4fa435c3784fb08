package org.walletstate.adapters.http.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The tools' names, descriptions, input and output schemas and hints, as data: {@code
 * mcp/tools.json} in the jar. What {@code tools/list} shows comes from here and nowhere else.
 */
final class ToolCatalogue {

  /**
   * One tool as listed.
   *
   * @param metered draws from the shared allowance
   * @param openWorld reads chains (outside the service) to answer
   */
  record Entry(
      String name,
      String title,
      String description,
      JsonNode inputSchema,
      JsonNode outputSchema,
      boolean metered,
      boolean openWorld) {}

  private final Map<String, Entry> entries;

  private ToolCatalogue(Map<String, Entry> entries) {
    this.entries = entries;
  }

  static ToolCatalogue load(ObjectMapper json) {
    try (InputStream in = ToolCatalogue.class.getResourceAsStream("/mcp/tools.json")) {
      if (in == null) {
        throw new IllegalStateException("mcp/tools.json is missing from the application");
      }
      JsonNode root = json.readTree(in);
      Map<String, Entry> entries = new LinkedHashMap<>();
      for (JsonNode tool : root.get("tools")) {
        Entry entry =
            new Entry(
                tool.get("name").asText(),
                tool.get("title").asText(),
                tool.get("description").asText(),
                tool.get("inputSchema"),
                tool.get("outputSchema"),
                tool.get("metered").asBoolean(),
                tool.get("openWorld").asBoolean());
        entries.put(entry.name(), entry);
      }
      return new ToolCatalogue(entries);
    } catch (IOException e) {
      throw new UncheckedIOException("mcp/tools.json is not readable", e);
    }
  }

  Entry get(String name) {
    Entry entry = entries.get(name);
    if (entry == null) {
      throw new IllegalStateException("no tool " + name + " in mcp/tools.json");
    }
    return entry;
  }

  Iterable<Entry> all() {
    return entries.values();
  }
}
