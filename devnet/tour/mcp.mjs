// The tour's MCP steps: the official MCP client (@modelcontextprotocol/sdk, streamable HTTP) at
// {base}/mcp lists the ten tools and calls each with valid arguments. The client checks every
// answer's structuredContent against the tool's outputSchema; the tour checks that the public tools
// answer exactly what their REST endpoints answer, and has the verifier SDK check every signed
// answer (wrapped as a REST envelope, as docs/mcp.md says).
import { isDeepStrictEqual } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const TOOLS = ['jwks', 'compliance_templates', 'attest', 'wallet_trust', 'batch_wallet_trust', 'list_merchants',
  'get_merchant', 'list_tokens', 'check_discount', 'validate_code'];

/**
 * @param {object} t the tour's helpers: step, ok, expect, verifier(), base, holder, other (a second
 *     wallet), evmBody, merchant() ({id, owner, code} of the merchant step, or undefined)
 */
export async function mcpTools(t) {
  const { step, ok, expect } = t;
  const client = new Client({ name: 'walletstate-devnet-tour', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', t.base));
  let listed = false;
  await step('MCP: the official client connects to /mcp and lists the ten tools', async () => {
    await client.connect(transport);
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name).sort();
    expect(isDeepStrictEqual(names, [...TOOLS].sort()), `tools: ${names.join(', ')}`);
    expect(tools.every((tool) => tool.inputSchema && tool.outputSchema && tool.annotations?.readOnlyHint),
      'a tool without its schemas or read-only hint');
    listed = true;
    return `${tools.length} tools, session ${transport.sessionId ? 'opened' : 'none'}`;
  });

  const call = async (name, args) => {
    expect(listed, 'tools/list failed');
    const answer = await client.callTool({ name, arguments: args });
    expect(!answer.isError, `${name}: tool error ${JSON.stringify(answer.content).slice(0, 300)}`);
    expect(answer.structuredContent, `${name}: no structuredContent`);
    return answer.structuredContent;
  };
  const sameAsRest = async (name, structured, path) => {
    const rest = (await ok('GET', path)).json;
    expect(isDeepStrictEqual(structured, rest.data ?? rest), `${name} differs from GET ${path}`);
  };
  const signed = (data) => ({ ok: true, data });
  const store = () => {
    const s = t.merchant();
    expect(s, 'no merchant: the merchant step failed');
    return s;
  };
  const tool = (name, what, run) => step(`MCP tool ${name}: ${what}`, run);

  await tool('jwks', 'the key set, as GET /v1/jwks', async () => {
    const keys = await call('jwks', {});
    expect(isDeepStrictEqual(keys, (await ok('GET', '/v1/jwks')).json), 'differs from GET /v1/jwks');
    return `${keys.keys.length} keys`;
  });
  await tool('compliance_templates', 'as GET /v1/compliance/templates', async () => {
    const data = await call('compliance_templates', {});
    await sameAsRest('compliance_templates', data, '/v1/compliance/templates');
    const count = Object.keys(data.templates).length;
    expect(count > 0, 'no templates');
    return `${count} templates`;
  });
  await tool('attest', 'Base USDC ≥ 100, signed, verified by the SDK', async () => {
    const { data, allowance } = await call('attest', t.evmBody);
    await t.verifier().verify(signed(data));
    expect(data.attestation.results.every((r) => r.met), 'not met');
    return `met, kid ${data.kid}; shared allowance ${allowance.remaining} of ${allowance.perDay} left`;
  });
  await tool('wallet_trust', 'the holder\'s profile, signed, verified by the SDK', async () => {
    const { data } = await call('wallet_trust', { wallet: t.holder.address });
    await t.verifier().verifyTrustProfile(signed(data));
    const summary = data.trust.summary;
    expect(summary.totalChecks === 155, `${summary.totalChecks} checks`);
    return `${summary.totalChecks} checks, every one signed`;
  });
  await tool('batch_wallet_trust', 'two wallets, each profile verified by the SDK', async () => {
    const { data } = await call('batch_wallet_trust', {
      wallets: [{ wallet: t.holder.address }, { wallet: t.other.address }],
    });
    expect(data.summary.requested === 2 && data.summary.succeeded === 2, JSON.stringify(data.summary));
    for (const profile of data.results) await t.verifier().verifyTrustProfile(signed(profile));
    return `${data.results.length} profiles verified`;
  });
  await tool('list_merchants', 'the directory, as GET /v1/merchants', async () => {
    const { id, owner } = store();
    // published, so the directory and get_merchant show it
    await ok('POST', `/v1/merchants/${id}/directory`, { headers: owner, body: { listed: true } });
    const data = await call('list_merchants', { token: 'dUSD', limit: 200 });
    await sameAsRest('list_merchants', data, '/v1/merchants?token=dUSD&limit=200');
    expect(data.total >= 1, 'the published store is not listed');
    return `${data.total} published store(s) taking dUSD`;
  });
  await tool('get_merchant', 'the tour\'s store, as GET /v1/merchants/{id}', async () => {
    const { id } = store();
    const data = await call('get_merchant', { id });
    await sameAsRest('get_merchant', data, `/v1/merchants/${id}`);
    expect(data.id === id, `got ${data.id}`);
    return `${data.name ?? data.companyName ?? id}`;
  });
  await tool('list_tokens', 'USDC rows, as GET /v1/tokens?symbol=USDC', async () => {
    const data = await call('list_tokens', { symbol: 'USDC' });
    await sameAsRest('list_tokens', data, '/v1/tokens?symbol=USDC');
    const rows = data.tokens ?? data.items ?? [];
    expect(rows.length > 0, 'no USDC rows');
    return `${rows.length} rows`;
  });
  await tool('check_discount', 'the holder at the tour\'s store, as GET /v1/discount/check', async () => {
    const { id } = store();
    const data = await call('check_discount', { merchant: id, wallet: t.holder.address });
    await sameAsRest('check_discount', data, `/v1/discount/check?merchant=${id}&wallet=${t.holder.address}`);
    expect(data.discountPercent > 0, `no discount: ${JSON.stringify(data).slice(0, 300)}`);
    return `${data.discountPercent}% (${data.breakdown.map((b) => `${b.symbol} ${b.tier}`).join(', ')}), no proof, no code`;
  });
  await tool('validate_code', 'the tour\'s code, used', async () => {
    const { code } = store();
    expect(code, 'no code: the merchant step failed');
    const data = await call('validate_code', { code });
    expect(data.valid === false && JSON.stringify(data).includes('already_used'), JSON.stringify(data));
    return `${code}: already_used`;
  });
  await step('MCP: session ended (DELETE /mcp), client closed', async () => {
    try {
      if (transport.sessionId) await transport.terminateSession();
    } finally {
      await client.close();
    }
  });
}
