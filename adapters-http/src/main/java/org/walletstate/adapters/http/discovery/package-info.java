/**
 * The documents that let agents and registries find the service: {@code /.well-known/x402} (the
 * pay-per-call resources), {@code /llms.txt} (the API in a page an agent reads) and {@code
 * /server.json} (the MCP registry's description of {@code /mcp}). docs/api.md, "Discovery".
 */
package org.walletstate.adapters.http.discovery;
