/**
 * The hosted tool endpoint ({@code /mcp}, MCP over streamable HTTP): each tool is a second door to
 * the same incoming port as its REST endpoint, with the same input parsing and the same error
 * messages; the metered tools draw from one shared daily allowance instead of a caller's key.
 */
package org.walletstate.adapters.http.mcp;
