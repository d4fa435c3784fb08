/**
 * The hosted tool endpoint ({@code /mcp}, MCP over streamable HTTP): its transport, and the
 * registration and dispatch of the tools, which live beside their features' resources ({@link
 * org.walletstate.adapters.http.mcp.ToolSet}). Each tool is a second door to the same incoming port
 * as its REST endpoint, with the same input parsing and the same error messages; the metered tools
 * are paid from one shared daily allowance instead of a caller's key.
 */
package org.walletstate.adapters.http.mcp;
