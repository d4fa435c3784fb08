// Prints the EC entries of a key set as the arguments of WalletStateVerifier.registerKey, one
// `kid x y` line each (x and y as 32-byte hex):
//
//   curl -s https://<service>/v1/jwks > jwks.json && node tools/jwks-keys.mjs jwks.json
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: jwks-keys.mjs jwks.json');
  process.exit(2);
}
const jwks = JSON.parse(readFileSync(file, 'utf8'));
for (const k of jwks.keys ?? []) {
  if (k.kty !== 'EC' || k.crv !== 'P-256') continue;
  const hex = (v) => '0x' + Buffer.from(v, 'base64url').toString('hex').padStart(64, '0');
  console.log(`${k.kid} ${hex(k.x)} ${hex(k.y)}`);
}
