package org.walletstate.adapters.http.mcp;

import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;
import java.util.Map;

/**
 * A feature's tools of {@code /mcp}, kept beside that feature's resources: each parses its
 * arguments with its endpoint's own command parser and calls the same incoming port. {@link
 * McpTools} registers every set's tools under the names {@code mcp/tools.json} lists.
 */
public interface ToolSet {

  /** The set's tools, by name. */
  Map<String, Tool> tools();

  /** One tool: its arguments as {@code tools/call} carries them, to its answer. */
  @FunctionalInterface
  interface Tool {
    Uni<ToolResponse> call(Map<String, Object> args);
  }
}
