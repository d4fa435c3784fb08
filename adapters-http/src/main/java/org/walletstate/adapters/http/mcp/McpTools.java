package org.walletstate.adapters.http.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkiverse.mcp.server.ToolManager;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.arc.All;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Registers the tools of {@code /mcp} at start-up and dispatches calls to them. The tools live
 * beside their features' resources ({@link ToolSet}: attest, trust, commerce, signing); each reads
 * its arguments exactly as its REST endpoint reads a body or a query, calls the same incoming port,
 * and answers the same signed {@code data}; a failure is a tool error carrying the message the REST
 * endpoint would have answered. Start-up fails when a tool listed in {@code mcp/tools.json} has no
 * handler or a handler is not listed.
 */
@ApplicationScoped
public class McpTools {

  private final ToolManager tools;
  private final ObjectMapper json;
  private final ToolAnswers answers;
  private final Map<String, ToolSet.Tool> handlers;

  @Inject
  public McpTools(
      ToolManager tools, ObjectMapper json, ToolAnswers answers, @All List<ToolSet> sets) {
    this.tools = tools;
    this.json = json;
    this.answers = answers;
    Map<String, ToolSet.Tool> handlers = new HashMap<>();
    for (ToolSet set : sets) {
      set.tools()
          .forEach(
              (name, tool) -> {
                if (handlers.put(name, tool) != null) {
                  throw new IllegalStateException("tool " + name + " is handled twice");
                }
              });
    }
    this.handlers = Map.copyOf(handlers);
  }

  /** Whether {@code name} is one of the tools. */
  boolean handles(String name) {
    return handlers.containsKey(name);
  }

  /** Calls tool {@code name} as {@code tools/call} does, failures as tool errors. */
  Uni<ToolResponse> call(String name, Map<String, Object> args) {
    return guarded(() -> handlers.get(name).call(args));
  }

  void register(@Observes StartupEvent start) {
    ToolCatalogue catalogue = ToolCatalogue.load(json);
    Map<String, ToolSet.Tool> unlisted = new HashMap<>(handlers);
    for (ToolCatalogue.Entry entry : catalogue.all()) {
      ToolSet.Tool handler = unlisted.remove(entry.name());
      if (handler == null) {
        throw new IllegalStateException("tool " + entry.name() + " is listed but not handled");
      }
      tools
          .newTool(entry.name())
          .setTitle(entry.title())
          .setDescription(entry.description())
          .setInputSchema(ToolAnswers.vertx(entry.inputSchema()))
          .setOutputSchema(ToolAnswers.vertx(entry.outputSchema()))
          .setAnnotations(
              new ToolManager.ToolAnnotations(
                  entry.title(), true, false, !entry.metered(), entry.openWorld()))
          .setAsyncHandler(args -> guarded(() -> handler.call(new HashMap<>(args.args()))))
          .register();
    }
    if (!unlisted.isEmpty()) {
      throw new IllegalStateException("tools handled but not listed: " + unlisted.keySet());
    }
  }

  /** Runs a tool, turning anything it throws into the tool error its REST endpoint would give. */
  private Uni<ToolResponse> guarded(Supplier<Uni<ToolResponse>> tool) {
    Uni<ToolResponse> call;
    try {
      call = tool.get();
    } catch (RuntimeException e) {
      return Uni.createFrom().item(answers.failed(e));
    }
    return call.onFailure().recoverWithItem(answers::failed);
  }
}
