package org.walletstate.adapters.http.signing;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import java.util.Map;
import org.walletstate.adapters.http.mcp.ToolAnswers;
import org.walletstate.adapters.http.mcp.ToolSet;
import org.walletstate.application.signing.port.in.KeySetQuery;

/** The signing tool of {@code /mcp}: {@code jwks}, the key set {@code JwksResource} serves. */
public class SigningTools implements ToolSet {

  private final KeySetQuery keySet;

  public SigningTools(KeySetQuery keySet) {
    this.keySet = keySet;
  }

  @Override
  public Map<String, Tool> tools() {
    return Map.of(
        "jwks",
        args -> {
          JsonNode keys = ToolAnswers.exact(keySet.jwksJson());
          return Uni.createFrom().item(ToolAnswers.success(keys.toString(), keys));
        });
  }
}
