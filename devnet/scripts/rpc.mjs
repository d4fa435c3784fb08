// Minimal JSON-RPC over HTTP for the devnet scripts (no provider caching, no polling).
export class RpcError extends Error {
  constructor(method, error) {
    super(`${method}: ${error.message ?? JSON.stringify(error)}`);
    this.code = error.code;
    this.data = error.data;
  }
}

export class Rpc {
  constructor(url) {
    this.url = url;
    this.id = 0;
  }

  async send(method, params = []) {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++this.id, method, params }),
    });
    if (!res.ok) throw new Error(`${method}: HTTP ${res.status}`);
    const body = await res.json();
    if (body.error) throw new RpcError(method, body.error);
    return body.result;
  }
}

/** One JSON-RPC call to `url`: its result, or an `RpcError` naming the method. */
export function rpcCall(url, method, params = []) {
  return new Rpc(url).send(method, params);
}

/** Resolves once `eth_chainId` answers, or rejects after `timeoutMs`. */
export async function waitForRpc(url, { timeoutMs = 15000, alive = () => true } = {}) {
  const rpc = new Rpc(url);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await rpc.send('eth_chainId');
    } catch (e) {
      if (!alive()) throw new Error(`process behind ${url} exited`);
      if (Date.now() > deadline) throw new Error(`no answer from ${url} within ${timeoutMs} ms: ${e.message}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
