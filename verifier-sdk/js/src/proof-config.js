// A ProofVerifier from a plain description (the form the command line and the agreement corpus
// use): trusted roots in order, the pinned wallet, the caller's token decimals.
import { ProofVerifier } from './proofs.js';

/**
 * @param {{trust?: Array<{stateRoot: string, chainId?: number|null, blockNumber?: string|number|bigint}
 *   | {header: object, blockHash: string, chainId?: number|null}>, wallet?: string|null,
 *   decimals?: Array<{chainId: number, token: string, decimals: number}>}} config
 */
export function proofVerifierFrom(config) {
  const builder = ProofVerifier.builder();
  for (const t of config.trust ?? []) {
    if (t.header !== undefined) builder.trustHeader(t.chainId ?? null, t.header, t.blockHash);
    else if (t.chainId !== undefined && t.chainId !== null) builder.trustStateRoot(t.chainId, t.blockNumber, t.stateRoot);
    else builder.trustStateRoot(t.stateRoot);
  }
  if (config.wallet) builder.wallet(config.wallet);
  for (const d of config.decimals ?? []) builder.tokenDecimals(d.chainId, d.token, d.decimals);
  return builder.build();
}
