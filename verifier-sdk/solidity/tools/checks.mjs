// The on-chain checks: a WalletStateVerifier with the key set's EC keys registered and an
// AttestationGate for the valid token's condition, on one anvil chain, against attestation tokens
// (`data.jwt` of answers requested with `format: "jwt"`). Each check names what it expects: the
// claims of a valid token, or the custom error a refused one reverts with.
//
// tokens: valid (pass, holder), second (another attestation of the holder, pass), v1 (under the
// v1 kid), failed (the holder, a condition not met), otherWallet (pass, another wallet).
import assert from 'node:assert/strict';
import { generateKeyPairSync, sign } from 'node:crypto';
import { contracts, deploy, ecKeys, ethers } from './chain.mjs';

const b64u = (buf) => Buffer.from(buf).toString('base64url');
const segments = (jwt) => jwt.split('.');
const claimsOf = (jwt) => JSON.parse(Buffer.from(segments(jwt)[1], 'base64url').toString('utf8'));
const headerOf = (jwt) => JSON.parse(Buffer.from(segments(jwt)[0], 'base64url').toString('utf8'));

/** A token with the payload's text edited and the original signature kept. */
function edited(jwt, edit) {
  const [h, p, s] = segments(jwt);
  const text = Buffer.from(p, 'base64url').toString('utf8');
  const changed = edit(text);
  assert.notEqual(changed, text, 'the edit changes the payload');
  return `${h}.${b64u(changed)}.${s}`;
}

/** The token's header and payload signed again with `privateKey` (ES256, r || s), under `kid`. */
export function resigned(jwt, privateKey, kid) {
  const header = b64u(JSON.stringify({ alg: 'ES256', typ: 'JWT', kid }));
  const input = `${header}.${segments(jwt)[1]}`;
  return `${input}.${b64u(sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' }))}`;
}

export function p256Key() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  return {
    privateKey,
    x: '0x' + Buffer.from(jwk.x, 'base64url').toString('hex'),
    y: '0x' + Buffer.from(jwk.y, 'base64url').toString('hex'),
  };
}

function errorInterface() {
  const c = contracts();
  const errors = [...c.WalletStateVerifier.abi, ...c.AttestationGate.abi].filter((f) => f.type === 'error');
  const unique = [...new Map(errors.map((e) => [e.name, e])).values()];
  return new ethers.Interface(unique);
}

function revertData(e) {
  for (const d of [e.data, e.info?.error?.data, e.error?.data, e.info?.error?.data?.data]) {
    if (typeof d === 'string' && d.startsWith('0x')) return d;
  }
  return null;
}

/** Records each check's outcome; `reverts` expects a named custom error and returns it. */
class Checks {
  constructor() {
    this.errors = errorInterface();
    this.lines = [];
    this.passed = 0;
    this.failed = 0;
  }

  async check(name, fn) {
    try {
      await fn();
      this.passed++;
      this.lines.push(`ok ${name}`);
    } catch (e) {
      this.failed++;
      this.lines.push(`FAILED ${name}: ${e.message.split('\n')[0]}`);
    }
  }

  async reverts(promise, errorName) {
    try {
      await promise;
    } catch (e) {
      const data = revertData(e);
      const parsed = data && data !== '0x' ? this.errors.parseError(data) : null;
      assert.equal(parsed?.name ?? `no decodable revert (${e.shortMessage ?? e.message})`, errorName);
      return parsed;
    }
    assert.fail(`expected ${errorName}, it succeeded`);
  }
}

/**
 * Runs every check on `chain` (from startChain) and returns { passed, failed, lines, gas }.
 * `jwks` is the service's key set, `tokens` as described above.
 */
export async function runChecks(chain, { jwks, tokens }) {
  const c = new Checks();
  const x = await setUp(chain, jwks, tokens);
  if (!chain.precompile) {
    // without P256VERIFY nothing verifies: the call to 0x100 returns no data
    await c.check('no precompile: a valid token is refused', () => c.reverts(x.verifier.verify(tokens.valid), 'BadSignature'));
  } else {
    await tokenChecks(c, x);
    await keyChecks(c, x);
    await gateChecks(c, x);
    await rotationChecks(c, x);
    await measure(x);
    await expiryCheck(c, x);
  }
  return { passed: c.passed, failed: c.failed, lines: c.lines, gas: x.gas };
}

/** The verifier with the key set's EC keys, a gate for the valid token's condition and one for another. */
async function setUp(chain, jwks, tokens) {
  const provider = chain.provider;
  const owner = await provider.getSigner(0);
  const stranger = await provider.getSigner(1);
  const verifier = await deploy(owner, 'WalletStateVerifier', await owner.getAddress());
  const keys = ecKeys(jwks);
  for (const k of keys) await (await verifier.registerKey(k.kid, k.x, k.y)).wait();
  const valid = claimsOf(tokens.valid);
  const holder = ethers.getAddress(valid.sub);
  const conditionHash = valid.conditionHash[0];
  const gate = await deploy(owner, 'AttestationGate', await verifier.getAddress(), conditionHash);
  const otherGate = await deploy(owner, 'AttestationGate', await verifier.getAddress(), '0x' + 'ab'.repeat(32));
  await provider.send('anvil_impersonateAccount', [holder]);
  await provider.send('anvil_setBalance', [holder, '0x56bc75e2d63100000']);
  const holderSigner = await provider.getSigner(holder);
  return {
    provider, stranger, verifier, keys, tokens, valid, holder, holderSigner, conditionHash, gate, otherGate,
    serviceKid: headerOf(tokens.valid).kid,
    foreign: p256Key(),
    next: p256Key(),
    gas: { chain: chain.name, hardfork: chain.hardfork, precompile: chain.precompile },
  };
}

async function tokenChecks(c, { verifier, tokens, valid, holder, conditionHash, keys }) {
  await c.check('valid token verifies and yields its claims', async () => {
    const a = await verifier.verify(tokens.valid);
    assert.equal(a.wallet, holder);
    assert.equal(a.pass, valid.pass);
    assert.equal(Number(a.issuedAt), valid.iat);
    assert.equal(Number(a.expiresAt), valid.exp);
    assert.equal(ethers.decodeBytes32String(a.id), valid.jti);
    assert.deepEqual([...a.conditionHashes], valid.conditionHash);
  });
  await c.check('token under the v1 kid verifies', async () => {
    assert.equal(headerOf(tokens.v1).kid.endsWith('-attest-v1'), true);
    const a = await verifier.verify(tokens.v1);
    assert.equal(ethers.decodeBytes32String(a.id), claimsOf(tokens.v1).jti);
  });
  await c.check('failed attestation verifies with pass false', async () => {
    assert.equal((await verifier.verify(tokens.failed)).pass, false);
  });
  // tampered fields: the payload edited, the signature kept
  const tampers = {
    'pass flipped': [tokens.failed, (t) => t.replace('"pass":false', '"pass":true')],
    'sub replaced': [tokens.valid, (t) => t.replace(valid.sub, claimsOf(tokens.otherWallet).sub)],
    'exp extended': [tokens.valid, (t) => t.replace(`"exp":${valid.exp}`, `"exp":${valid.exp + 86400}`)],
    'conditionHash edited': [tokens.valid, (t) => t.replace(conditionHash, '0x' + '0'.repeat(64))],
    'jti edited': [tokens.valid, (t) => t.replace(valid.jti, 'ATST-0000000000000000')],
  };
  for (const [name, [jwt, edit]] of Object.entries(tampers)) {
    await c.check(`tampered (${name}) is refused`, () => c.reverts(verifier.verify(edited(jwt, edit)), 'BadSignature'));
  }
  await c.check('tampered signature is refused', () => {
    const [h, p, s] = segments(tokens.valid);
    const flipped = (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    return c.reverts(verifier.verify(`${h}.${p}.${flipped}`), 'BadSignature');
  });
  const withHeader = (header) => {
    const [, p, s] = segments(tokens.valid);
    return `${b64u(JSON.stringify(header))}.${p}.${s}`;
  };
  await c.check('header naming another registered kid is refused', () => {
    const other = keys.find((k) => k.kid.endsWith('-trust-v2')).kid;
    return c.reverts(verifier.verify(withHeader({ alg: 'ES256', typ: 'JWT', kid: other })), 'BadSignature');
  });
  await c.check('header with another algorithm is refused', () =>
    c.reverts(verifier.verify(withHeader({ alg: 'none', typ: 'JWT', kid: headerOf(tokens.valid).kid })), 'UnsupportedHeader'));
}

async function keyChecks(c, { verifier, tokens, serviceKid, foreign, stranger }) {
  await c.check('foreign key under the service kid is refused', () =>
    c.reverts(verifier.verify(resigned(tokens.valid, foreign.privateKey, serviceKid)), 'BadSignature'));
  await c.check('unregistered kid is refused', async () => {
    const e = await c.reverts(verifier.verify(resigned(tokens.valid, foreign.privateKey, 'service-attest-v9')), 'UnknownKid');
    assert.equal(e.args[0], 'service-attest-v9');
  });
  await c.check('a kid a header cannot carry unescaped is refused', () =>
    c.reverts(verifier.registerKey('service-"attest"', foreign.x, foreign.y), 'InvalidKid'));
  await c.check('only the owner registers keys', () =>
    c.reverts(verifier.connect(stranger).registerKey('service-attest-v9', foreign.x, foreign.y), 'NotOwner'));
}

async function gateChecks(c, x) {
  const { gate, otherGate, tokens, valid, holder, holderSigner, stranger } = x;
  await c.check('gate refuses a token presented by another wallet', async () => {
    await c.reverts(gate.connect(stranger).enter(tokens.valid), 'WrongWallet');
    assert.equal(await gate.isAdmitted(await stranger.getAddress()), false);
  });
  await c.check("gate refuses the holder presenting another wallet's token", () =>
    c.reverts(gate.connect(holderSigner).enter(tokens.otherWallet), 'WrongWallet'));
  await c.check('gate refuses an attestation that did not pass', () =>
    c.reverts(gate.connect(holderSigner).enter(tokens.failed), 'NotPassed'));
  await c.check('gate refuses an attestation without its condition', () =>
    c.reverts(otherGate.connect(holderSigner).enter(tokens.valid), 'ConditionNotAttested'));
  await c.check('gate admits the holder until the token expires', async () => {
    assert.equal(await gate.isAdmitted(holder), false);
    const receipt = await (await gate.connect(holderSigner).enter(tokens.valid)).wait();
    x.gas.gateEnter = Number(receipt.gasUsed);
    assert.equal(await gate.isAdmitted(holder), true);
    assert.equal(Number(await gate.admittedUntil(holder)), valid.exp);
  });
  await c.check('gate refuses a replay of the same attestation', async () => {
    const e = await c.reverts(gate.connect(holderSigner).enter(tokens.valid), 'Replay');
    assert.equal(ethers.decodeBytes32String(e.args[0]), valid.jti);
  });
  await c.check('gate admits on a new attestation of the same wallet', async () => {
    await (await gate.connect(holderSigner).enter(tokens.second)).wait();
    assert.equal(Number(await gate.admittedUntil(holder)), Math.max(valid.exp, claimsOf(tokens.second).exp));
  });
}

/** A new key under a new kid: tokens of the old key keep verifying; a kid keeps its key. */
async function rotationChecks(c, { verifier, keys, tokens, holder, serviceKid, next }) {
  const nextKid = `${serviceKid}-next`;
  await c.check('a registered kid cannot be given another key', () =>
    c.reverts(verifier.registerKey(serviceKid, next.x, next.y), 'KidTaken'));
  await c.check('after a rotation old and new keys both verify', async () => {
    await (await verifier.registerKey(nextKid, next.x, next.y)).wait();
    const registered = keys.find((k) => k.kid === serviceKid);
    assert.deepEqual([...(await verifier.keyOf(serviceKid))], [registered.x, registered.y]);
    assert.equal(Number(await verifier.kidCount()), keys.length + 1);
    const fromNext = resigned(tokens.second, next.privateKey, nextKid);
    assert.equal((await verifier.verify(fromNext)).wallet, holder);
    assert.equal((await verifier.verify(tokens.valid)).wallet, holder);
    await c.reverts(verifier.verify(resigned(tokens.second, next.privateKey, serviceKid)), 'BadSignature');
  });
  await c.check('claims in another layout are refused, not misread', async () => {
    const claims = claimsOf(tokens.valid);
    const sorted = Object.fromEntries(Object.keys(claims).sort().map((k) => [k, claims[k]]));
    for (const text of [JSON.stringify(sorted), JSON.stringify(claims, null, 1)]) {
      await c.reverts(verifier.verify(resigned(`x.${b64u(text)}.x`, next.privateKey, nextKid)), 'MalformedClaims');
    }
  });
}

async function measure({ verifier, tokens, gas }) {
  gas.verifyCall = Number(await verifier.verify.estimateGas(tokens.valid));
  gas.tokenChars = tokens.valid.length;
  gas.payloadBytes = Buffer.from(segments(tokens.valid)[1], 'base64url').length;
  // a token of two results: what a further condition costs
  gas.twoConditions = {
    tokenChars: tokens.failed.length,
    verifyCall: Number(await verifier.verify.estimateGas(tokens.failed)),
  };
}

/** Last: time only moves forward. */
async function expiryCheck(c, { provider, verifier, gate, tokens, valid, holder }) {
  await c.check('expired token is refused and the admission ends', async () => {
    const exp = Math.max(valid.exp, claimsOf(tokens.second).exp);
    await provider.send('evm_setNextBlockTimestamp', [exp]);
    await provider.send('evm_mine', []);
    assert.equal(await gate.isAdmitted(holder), false);
    const e = await c.reverts(verifier.verify(tokens.valid), 'Expired');
    assert.equal(Number(e.args[0]), valid.exp);
  });
}
