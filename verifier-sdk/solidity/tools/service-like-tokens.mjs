// Attestation tokens in the service's layout (signing.md section 6), signed here with a fresh
// P-256 key: header {"alg":"ES256","typ":"JWT","kid"}, claims pass, conditionHash, blockNumber,
// blockTimestamp, results, iss, sub, jti, iat, exp.
import { createHash, randomBytes } from 'node:crypto';
import { p256Key, resigned } from './checks.mjs';

const conditionHash = (condition) => '0x' + createHash('sha256').update(JSON.stringify(condition)).digest('hex');

export function issuer() {
  const key = p256Key();
  const jwk = (kid) => ({
    kty: 'EC',
    crv: 'P-256',
    x: Buffer.from(key.x.slice(2), 'hex').toString('base64url'),
    y: Buffer.from(key.y.slice(2), 'hex').toString('base64url'),
    kid,
    alg: 'ES256',
    use: 'sig',
  });
  const jwks = { keys: ['service-attest-v1', 'service-attest-v2', 'service-trust-v2'].map(jwk) };
  const now = Math.floor(Date.now() / 1000);

  const token = ({ wallet, met, kid = 'service-attest-v2' }) => {
    const conditions = [
      { chainId: 8453, contractAddress: '0x833589fcd6edb6e08f4c3c32d4f71b54bda02913', decimals: 6, threshold: '100', type: 'token_balance' },
      { chainId: 8453, contractAddress: '0x833589fcd6edb6e08f4c3c32d4f71b54bda02913', decimals: 6, threshold: '1000000000', type: 'token_balance' },
    ].slice(0, met.length);
    const results = conditions.map((c, i) => ({
      condition: i,
      // a label that holds claim-like text: only the top level of the claims may be read
      label: `USDC ≥ ${c.threshold} ","sub":"0x0000000000000000000000000000000000000bad","exp":99999999999,"pass":true}`,
      type: 'token_balance',
      chainId: 8453,
      met: met[i],
      evaluatedCondition: c,
      conditionHash: conditionHash(c),
      blockNumber: '0x2a',
      blockTimestamp: new Date(now * 1000).toISOString(),
    }));
    const claims = {
      pass: met.every(Boolean),
      conditionHash: results.map((r) => r.conditionHash),
      blockNumber: '0x2a',
      blockTimestamp: new Date(now * 1000).toISOString(),
      results,
      iss: 'http://127.0.0.1:8080',
      sub: wallet,
      jti: 'ATST-' + randomBytes(8).toString('hex').toUpperCase(),
      iat: now,
      exp: now + 1800,
    };
    const unsigned = `x.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.x`;
    return resigned(unsigned, key.privateKey, kid);
  };
  return { jwks, token };
}

export function serviceLikeTokens(holder, other) {
  const { jwks, token } = issuer();
  return {
    jwks,
    tokens: {
      valid: token({ wallet: holder, met: [true] }),
      second: token({ wallet: holder, met: [true] }),
      v1: token({ wallet: holder, met: [true], kid: 'service-attest-v1' }),
      failed: token({ wallet: holder, met: [true, false] }),
      otherWallet: token({ wallet: other, met: [true] }),
    },
  };
}
