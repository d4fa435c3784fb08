package org.walletstate.adapters.http.mcp;

import java.util.List;

/**
 * The ten tools {@code /mcp} lists, in its order: what the MCP tests and the devnet tour expect.
 */
public final class McpToolNames {

  public static final List<String> ALL =
      List.of(
          "jwks",
          "compliance_templates",
          "attest",
          "wallet_trust",
          "batch_wallet_trust",
          "list_merchants",
          "get_merchant",
          "list_tokens",
          "check_discount",
          "validate_code");

  private McpToolNames() {}
}
