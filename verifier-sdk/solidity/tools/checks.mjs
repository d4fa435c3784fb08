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

/**
 * Runs every check on `chain` (from startChain) and returns { passed, failed, lines, gas }.
 * `jwks` is the service's key set, `tokens` as described above.
 */
export async function runChecks(chain, { jwks, tokens }) {
  const errors = errorInterface();
  const lines = [];
  let passed = 0;
  let failed = 0;
  const check = async (name, fn) => {
    try {
      await fn();
      passed++;
      lines.push(`ok ${name}`);
    } catch (e) {
      failed++;
      lines.push(`FAILED ${name}: ${e.message.split('\n')[0]}`);
    }
  };
  const reverts = async (promise, errorName) => {
    try {
      await promise;
    } catch (e) {
      const data = revertData(e);
      const parsed = data && data !== '0x' ? errors.parseError(data) : null;
      assert.equal(parsed?.name ?? `no decodable revert (${e.shortMessage ?? e.message})`, errorName);
      return parsed;
    }
    assert.fail(`expected ${errorName}, it succeeded`);
  };

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
  const as = async (address) => {
    await provider.send('anvil_impersonateAccount', [address]);
    await provider.send('anvil_setBalance', [address, '0x56bc75e2d63100000']);
    return provider.getSigner(address);
  };
  const holderSigner = await as(holder);
  const gas = { chain: chain.name, hardfork: chain.hardfork, precompile: chain.precompile };

  if (!chain.precompile) {
    // without P256VERIFY nothing verifies: the call to 0x100 returns no data
    await check('no precompile: a valid token is refused', () => reverts(verifier.verify(tokens.valid), 'BadSignature'));
    return { passed, failed, lines, gas };
  }

  await check('valid token verifies and yields its claims', async () => {
    const a = await verifier.verify(tokens.valid);
    assert.equal(a.wallet, holder);
    assert.equal(a.pass, valid.pass);
    assert.equal(Number(a.issuedAt), valid.iat);
    assert.equal(Number(a.expiresAt), valid.exp);
    assert.equal(ethers.decodeBytes32String(a.id), valid.jti);
    assert.deepEqual([...a.conditionHashes], valid.conditionHash);
  });
  await check('token under the v1 kid verifies', async () => {
    assert.equal(headerOf(tokens.v1).kid.endsWith('-attest-v1'), true);
    const a = await verifier.verify(tokens.v1);
    assert.equal(ethers.decodeBytes32String(a.id), claimsOf(tokens.v1).jti);
  });
  await check('failed attestation verifies with pass false', async () => {
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
    await check(`tampered (${name}) is refused`, () => reverts(verifier.verify(edited(jwt, edit)), 'BadSignature'));
  }
  await check('tampered signature is refused', () => {
    const [h, p, s] = segments(tokens.valid);
    const flipped = (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    return reverts(verifier.verify(`${h}.${p}.${flipped}`), 'BadSignature');
  });
  await check('header naming another registered kid is refused', () => {
    const other = keys.find((k) => k.kid.endsWith('-trust-v2')).kid;
    const [, p, s] = segments(tokens.valid);
    return reverts(verifier.verify(`${b64u(JSON.stringify({ alg: 'ES256', typ: 'JWT', kid: other }))}.${p}.${s}`), 'BadSignature');
  });
  await check('header with another algorithm is refused', () => {
    const [, p, s] = segments(tokens.valid);
    const kid = headerOf(tokens.valid).kid;
    return reverts(verifier.verify(`${b64u(JSON.stringify({ alg: 'none', typ: 'JWT', kid }))}.${p}.${s}`), 'UnsupportedHeader');
  });

  // foreign keys
  const foreign = p256Key();
  const serviceKid = headerOf(tokens.valid).kid;
  await check('foreign key under the service kid is refused', () =>
    reverts(verifier.verify(resigned(tokens.valid, foreign.privateKey, serviceKid)), 'BadSignature'));
  await check('unregistered kid is refused', async () => {
    const e = await reverts(verifier.verify(resigned(tokens.valid, foreign.privateKey, 'service-attest-v9')), 'UnknownKid');
    assert.equal(e.args[0], 'service-attest-v9');
  });
  await check('a kid a header cannot carry unescaped is refused', () =>
    reverts(verifier.registerKey('service-"attest"', foreign.x, foreign.y), 'InvalidKid'));
  await check('only the owner registers keys', () =>
    reverts(verifier.connect(stranger).registerKey('service-attest-v9', foreign.x, foreign.y), 'NotOwner'));

  // the gate
  await check('gate refuses a token presented by another wallet', async () => {
    await reverts(gate.connect(stranger).enter(tokens.valid), 'WrongWallet');
    assert.equal(await gate.isAdmitted(await stranger.getAddress()), false);
  });
  await check("gate refuses the holder presenting another wallet's token", () =>
    reverts(gate.connect(holderSigner).enter(tokens.otherWallet), 'WrongWallet'));
  await check('gate refuses an attestation that did not pass', () =>
    reverts(gate.connect(holderSigner).enter(tokens.failed), 'NotPassed'));
  await check('gate refuses an attestation without its condition', () =>
    reverts(otherGate.connect(holderSigner).enter(tokens.valid), 'ConditionNotAttested'));
  await check('gate admits the holder until the token expires', async () => {
    assert.equal(await gate.isAdmitted(holder), false);
    const receipt = await (await gate.connect(holderSigner).enter(tokens.valid)).wait();
    gas.gateEnter = Number(receipt.gasUsed);
    assert.equal(await gate.isAdmitted(holder), true);
    assert.equal(Number(await gate.admittedUntil(holder)), valid.exp);
  });
  await check('gate refuses a replay of the same attestation', async () => {
    const e = await reverts(gate.connect(holderSigner).enter(tokens.valid), 'Replay');
    assert.equal(ethers.decodeBytes32String(e.args[0]), valid.jti);
  });
  await check('gate admits on a new attestation of the same wallet', async () => {
    await (await gate.connect(holderSigner).enter(tokens.second)).wait();
    assert.equal(Number(await gate.admittedUntil(holder)), Math.max(valid.exp, claimsOf(tokens.second).exp));
  });

  // rotation: a new key under a new kid; tokens of the old key keep verifying
  const next = p256Key();
  const nextKid = `${serviceKid}-next`;
  await check('a registered kid cannot be given another key', () =>
    reverts(verifier.registerKey(serviceKid, next.x, next.y), 'KidTaken'));
  await check('after a rotation old and new keys both verify', async () => {
    await (await verifier.registerKey(nextKid, next.x, next.y)).wait();
    const [x, y] = await verifier.keyOf(serviceKid);
    assert.deepEqual([x, y], [keys.find((k) => k.kid === serviceKid).x, keys.find((k) => k.kid === serviceKid).y]);
    assert.equal(Number(await verifier.kidCount()), keys.length + 1);
    const fromNext = resigned(tokens.second, next.privateKey, nextKid);
    assert.equal((await verifier.verify(fromNext)).wallet, holder);
    assert.equal((await verifier.verify(tokens.valid)).wallet, holder);
    await reverts(verifier.verify(resigned(tokens.second, next.privateKey, serviceKid)), 'BadSignature');
  });

  await check('claims in another layout are refused, not misread', async () => {
    const claims = claimsOf(tokens.valid);
    const sorted = Object.fromEntries(Object.keys(claims).sort().map((k) => [k, claims[k]]));
    for (const text of [JSON.stringify(sorted), JSON.stringify(claims, null, 1)]) {
      await reverts(verifier.verify(resigned(`x.${b64u(text)}.x`, next.privateKey, nextKid)), 'MalformedClaims');
    }
  });

  const payloadBytes = Buffer.from(segments(tokens.valid)[1], 'base64url').length;
  gas.verifyCall = Number(await verifier.verify.estimateGas(tokens.valid));
  gas.tokenChars = tokens.valid.length;
  gas.payloadBytes = payloadBytes;
  // a token of two results: the cost of a longer token is mostly its calldata
  gas.twoConditions = {
    tokenChars: tokens.failed.length,
    verifyCall: Number(await verifier.verify.estimateGas(tokens.failed)),
  };

  // expiry, last: time only moves forward
  await check('expired token is refused and the admission ends', async () => {
    const exp = Math.max(valid.exp, claimsOf(tokens.second).exp);
    await provider.send('evm_setNextBlockTimestamp', [exp]);
    await provider.send('evm_mine', []);
    assert.equal(await gate.isAdmitted(holder), false);
    const e = await reverts(verifier.verify(tokens.valid), 'Expired');
    assert.equal(Number(e.args[0]), valid.exp);
  });
  return { passed, failed, lines, gas };
}

