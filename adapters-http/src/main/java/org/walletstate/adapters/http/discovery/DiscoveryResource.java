package org.walletstate.adapters.http.discovery;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.caching.Validated;
import org.walletstate.adapters.http.ratelimit.RateLimited;
import org.walletstate.adapters.http.ratelimit.RatePolicy;

/**
 * The discovery documents, written at start-up from templates in {@code resources/discovery/} with
 * the service's public address ({@code walletstate.public-base-url}) and, for the MCP registry, the
 * name it is published under ({@code walletstate.discovery.mcp-name}). Public, cacheable for an
 * hour, with strong ETags.
 */
@Path("/")
@Tag(name = "discovery")
public class DiscoveryResource {

  static final String CACHE_CONTROL = "public, max-age=3600";

  private final String x402;
  private final String llms;
  private final String serverJson;

  @Inject
  public DiscoveryResource(
      @ConfigProperty(name = "walletstate.public-base-url") String base,
      @ConfigProperty(
              name = "walletstate.discovery.mcp-name",
              defaultValue = "org.walletstate/wallet-state")
          String mcpName,
      @ConfigProperty(name = "walletstate.discovery.version", defaultValue = "0.1.0")
          String version) {
    String origin = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    this.x402 = fill("x402.json", origin, mcpName, version);
    this.llms = fill("llms.txt", origin, mcpName, version);
    this.serverJson = fill("server.json", origin, mcpName, version);
  }

  private static String fill(String name, String origin, String mcpName, String version) {
    try (InputStream in =
        DiscoveryResource.class.getClassLoader().getResourceAsStream("discovery/" + name)) {
      if (in == null) {
        throw new IllegalStateException("discovery/" + name + " is missing from the application");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .replace("{origin}", origin)
          .replace("{mcpName}", mcpName)
          .replace("{version}", version);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // Each document declared as its own GET by design: its own path, media type and summary.
  @GET
  @Path(".well-known/x402")
  @Produces(MediaType.APPLICATION_JSON)
  @RateLimited(RatePolicy.DISCOVERY)
  @Validated(CACHE_CONTROL)
  @Operation(summary = "The x402 discovery document: the resources payable per call")
  public Response x402() {
    return Response.ok(x402, MediaType.APPLICATION_JSON_TYPE).build();
  }

  @GET
  @Path("llms.txt")
  @Produces("text/plain; charset=utf-8")
  @RateLimited(RatePolicy.DISCOVERY)
  @Validated(CACHE_CONTROL)
  @Operation(summary = "The API described for agents (llms.txt)")
  public Response llms() {
    return Response.ok(llms, "text/plain; charset=utf-8").build();
  }

  @GET
  @Path("server.json")
  @Produces(MediaType.APPLICATION_JSON)
  @RateLimited(RatePolicy.DISCOVERY)
  @Validated(CACHE_CONTROL)
  @Operation(summary = "The MCP registry's server.json for the tool endpoint /mcp")
  public Response serverJson() {
    return Response.ok(serverJson, MediaType.APPLICATION_JSON_TYPE).build();
  }
}
