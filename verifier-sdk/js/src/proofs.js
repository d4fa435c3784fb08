// Checks the EIP-1186 Merkle proofs inside signed results, offline, against state roots the caller
// trusts: given directly, or taken from a block header whose hash the caller trusts (the header is
// hashed here and must match). The same steps, verdicts and reasons as the Java SDK's
// ProofVerifier: the account proof is walked from the state root, the account fields decoded, the
// proof bound to the result's condition (token, holder slot, wallet), the storage proof walked from
// the proven storage root, and the proven value compared with the signed verdict.
import { hex } from './bytes.js';
import { ProofVerifierBuilder } from './proof-builder.js';
import { LeafError, ProofError, RlpError, account, claimProblem, fromHex, keccak, sameBytes, storageValue, trieGet } from './trie.js';
import { balanceVerdict, codeVerdict } from './proof-verdicts.js';
import { StepFailed, address, asBoolean, asText, fail, nodes, pad32, quantity, toInt, verdict, word } from './proof-fields.js';

export const PROOF_STEPS = Object.freeze([
  'SHAPE', 'BLOCK', 'STATE_ROOT', 'ACCOUNT_PROOF', 'ACCOUNT_FIELDS', 'BINDING', 'STORAGE_PROOF', 'DECIMALS', 'VERDICT',
]);

const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;
const same = (a, b) => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The failReasons decided before the revocation check: the proof says nothing about them. */
const BEFORE_REVOCATION = new Set(['delegate_mismatch', 'principal_mismatch', 'invalid_signature', 'delegator_not_deployed']);

class NoTrustedRoot extends Error {}

/** The items of an array or the member values of an object, in order (as Jackson iterates). */
const members = (v) => (Array.isArray(v) ? v : isObject(v) ? Object.values(v) : []);



async function walk(step, what, run) {
  try {
    return await run();
  } catch (e) {
    if (e instanceof LeafError) throw fail(step, e.message);
    if (e instanceof ProofError || e instanceof RlpError) throw fail(step, `${what}: ${e.message}`);
    throw e;
  }
}

export class ProofVerifier {
  #trusted;
  #wallet;
  #decimals;

  /** @internal use ProofVerifier.builder() */
  constructor(trusted, wallet, decimals) {
    this.#trusted = Object.freeze([...trusted]);
    this.#wallet = wallet;
    this.#decimals = new Map(decimals);
    Object.freeze(this);
  }

  static builder() {
    return new ProofVerifierBuilder((trusted, wallet, decimals) => new ProofVerifier(trusted, wallet, decimals));
  }

  /** The proof verdict of every result of a verified attestation report, in result order. */
  async verify(report) {
    if (!report?.valid || !isObject(report.statement)) {
      throw new TypeError('the attestation does not verify: its proofs prove chain state, not what the service said');
    }
    return this.verifyResults(report.statement);
  }

  /** The proof verdicts of an attestation object whose signature was checked by other means. */
  async verifyResults(attestation) {
    const results = Array.isArray(attestation?.results) ? attestation.results : [];
    const out = [];
    for (let i = 0; i < results.length; i++) out.push(await this.#verifyResult(i, results[i]));
    return out;
  }

  /** The proof verdict of every check with a `proof` of a verified trust profile report. */
  async verifyTrustProfile(report) {
    if (!report?.valid || !isObject(report.statement)) {
      throw new TypeError('the trust profile does not verify: its proofs prove chain state, not what the service said');
    }
    return this.verifyTrustChecks(report.statement);
  }

  /** As verifyTrustProfile, for a `trust` object whose signature was checked by other means. */
  async verifyTrustChecks(trust) {
    const out = [];
    let index = 0;
    for (const dimension of members(trust?.dimensions)) {
      for (const check of members(dimension?.checks)) {
        if (isObject(check) && Object.hasOwn(check, 'proof')) out.push(await this.#verifyResult(index, check));
        index++;
      }
    }
    return out;
  }

  async #verifyResult(index, result) {
    const proof = isObject(result) ? result.proof : undefined;
    if (proof === undefined || proof === null) return verdict(index, 'ABSENT', null, 'the result carries no proof');
    if (isObject(proof) && proof.available === false) {
      return verdict(index, 'DECLINED', null, asText(proof.reason, 'no reason given'));
    }
    let subject = null;
    try {
      if (!isObject(proof) || !asBoolean(proof.available, false) || asText(proof.type) !== 'merkle') {
        throw fail('SHAPE', 'not an available merkle proof');
      }
      subject = proof.subject !== undefined && proof.subject !== null ? asText(proof.subject) : 'erc20_balance';
      return await this.#check(index, result, proof, subject);
    } catch (e) {
      if (e instanceof StepFailed) return verdict(index, 'REJECTED', e.step, e.message, { subject });
      if (e instanceof NoTrustedRoot) return verdict(index, 'NO_TRUSTED_ROOT', null, e.message, { subject });
      throw e;
    }
  }

  async #check(index, result, proof, subject) {
    const block = quantity(proof, 'blockNumber');
    const resultBlock = result.blockNumber;
    if (typeof resultBlock !== 'string' || !QUANTITY.test(resultBlock) || BigInt(resultBlock) !== block) {
      throw fail('BLOCK', "the proof's blockNumber is not the result's");
    }
    const chainId = toLong(result.chainId);
    if (chainId === null) throw fail('SHAPE', "the result's chainId is not an EVM chain id");
    const root = this.#trustedRoot(chainId, block);

    const proven = address(proof, 'address');
    const accountNodes = nodes(proof, 'accountProof');
    const leaf = await walk('ACCOUNT_PROOF', 'account proof', () => trieGet(root, fromHex(proven.slice(2)), accountNodes));
    const claimed = [quantity(proof, 'nonce'), quantity(proof, 'balance'), word(proof, 'storageHash'), word(proof, 'codeHash')];
    let fields;
    try {
      fields = account(leaf);
    } catch (e) {
      if (e instanceof LeafError) throw fail('ACCOUNT_FIELDS', e.message);
      throw e;
    }
    const problem = claimProblem(fields, ...claimed);
    if (problem !== null) throw fail('ACCOUNT_FIELDS', problem);
    if (this.#wallet !== null && subject !== 'erc20_balance' && subject !== 'delegation_revocation' && !same(this.#wallet, proven)) {
      throw fail('BINDING', 'the proven account is not the pinned wallet');
    }
    const condition = isObject(result.evaluatedCondition) ? result.evaluatedCondition : {};
    // an attestation result names its type; a trust profile's check names it in its condition
    const type = Object.hasOwn(result, 'type') ? asText(result.type) : asText(condition.type);
    switch (subject) {
      case 'erc20_balance':
        return this.#erc20(index, result, proof, condition, type, chainId, proven, fields.storageRoot);
      case 'account_balance':
        if (!(type === 'token_balance' || type === 'ratio_to_amount') || asText(condition.contractAddress) !== 'native') {
          throw fail('BINDING', 'an account_balance proof on a result that is not a native balance');
        }
        return balanceVerdict(index, result, condition, fields.balance, this.#decimalsOf(proof, condition, chainId, 'native'), subject);
      case 'account_code':
        if (type !== 'account_code') throw fail('BINDING', `an account_code proof on a ${type} result`);
        return codeVerdict(index, result, condition, fields.codeHash);
      case 'delegation_revocation':
        if (type !== 'erc7710_delegation') throw fail('BINDING', `a delegation_revocation proof on a ${type} result`);
        return this.#revocation(index, result, proof, condition, proven, fields.storageRoot);
      default:
        throw fail('SHAPE', `unknown proof subject ${subject}`);
    }
  }

  /** The one storage proof of `key`, its proven value equal to the claimed one. */
  async #slot(proof, key, storageRoot) {
    const storage = proof.storageProof;
    if (!Array.isArray(storage) || storage.length !== 1) throw fail('SHAPE', 'expected exactly one storage proof');
    const slot = isObject(storage[0]) ? storage[0] : {};
    if (!sameBytes(pad32(quantity(slot, 'key')), key)) throw fail('BINDING', 'the storage proof is of another key than storageKey');
    const slotNodes = nodes(slot, 'proof');
    const value = await walk('STORAGE_PROOF', 'storage proof', () => storageValue(storageRoot, key, slotNodes));
    if (value !== quantity(slot, 'value')) throw fail('STORAGE_PROOF', 'the proven slot value differs from the claimed one');
    return value;
  }

  async #revocation(index, result, proof, condition, proven, storageRoot) {
    const manager = address(proof, 'contractAddress');
    if (!same(manager, proven) || !same(manager, asText(condition.contractAddress))) {
      throw fail('BINDING', "the proven account is not the condition's manager");
    }
    const hash = word(proof, 'delegationHash');
    if (!same('0x' + hex(hash), asText(condition.delegationHash))) {
      throw fail('BINDING', "the proof is of another delegation than the condition's");
    }
    if (this.#wallet !== null && !same(this.#wallet, asText(condition.delegate))) {
      throw fail('BINDING', "the condition's delegate is not the pinned wallet");
    }
    const key = word(proof, 'storageKey');
    if (!sameBytes(keccak(concat(hash, pad32(quantity(proof, 'mappingSlot')))), key)) {
      throw fail('BINDING', "storageKey is not the delegation's entry of the mapping at mappingSlot");
    }
    const value = await this.#slot(proof, key, storageRoot);
    if (value > 1n) throw fail('VERDICT', `the proven slot holds ${value}, not a revocation flag`);
    const revoked = value === 1n;
    const met = asBoolean(result.met, false);
    const failReason = asText(result.failReason, '');
    if (!BEFORE_REVOCATION.has(failReason)) {
      const saysRevoked = !met && failReason === 'revoked';
      if (saysRevoked !== revoked) {
        throw fail(
          'VERDICT',
          `the proven flag says ${revoked ? 'revoked' : 'not revoked'}, but the result says met ${met}` +
            (failReason === '' ? '' : ` with failReason ${failReason}`),
        );
      }
    }
    return verdict(index, 'VERIFIED', null, `the proven revocation flag shows the delegation ${revoked ? 'revoked' : 'not revoked'}`, {
      subject: 'delegation_revocation',
      provenValue: value,
    });
  }

  async #erc20(index, result, proof, condition, type, chainId, proven, storageRoot) {
    if (!(type === 'token_balance' || type === 'ratio_to_amount')) throw fail('BINDING', `a balance slot proof on a ${type} result`);
    const token = address(proof, 'contractAddress');
    if (!same(token, proven) || !same(token, asText(condition.contractAddress))) {
      throw fail('BINDING', "the proven account is not the condition's token");
    }
    const holder = address(proof, 'holder');
    if (this.#wallet !== null && !same(this.#wallet, holder)) throw fail('BINDING', "the proven slot is not the pinned wallet's");
    const mappingSlot = pad32(quantity(proof, 'mappingSlot'));
    const key = word(proof, 'storageKey');
    const paddedHolder = concat(new Uint8Array(12), fromHex(holder.slice(2)));
    const layout = asText(proof.layout);
    let derived;
    if (layout === 'solidity') derived = keccak(concat(paddedHolder, mappingSlot));
    else if (layout === 'vyper') derived = keccak(concat(mappingSlot, paddedHolder));
    else throw fail('SHAPE', `unknown layout ${layout}`);
    if (!sameBytes(derived, key)) throw fail('BINDING', "storageKey is not the holder's entry of the mapping at mappingSlot");
    const value = await this.#slot(proof, key, storageRoot);
    const decimals = this.#decimalsOf(proof, condition, chainId, token.toLowerCase());
    return balanceVerdict(index, result, condition, value, decimals, 'erc20_balance');
  }

  #decimalsOf(proof, condition, chainId, asset) {
    const pinned = this.#decimals.get(`${chainId}:${asset}`);
    let stated = toInt(proof.decimals);
    const v1 = toInt(condition.decimals);
    if (v1 !== null) {
      if (stated !== null && stated !== v1) throw fail('DECIMALS', "the proof's decimals differ from the signed condition's");
      stated = v1;
    }
    if (pinned !== undefined) {
      if (stated !== null && stated !== pinned) {
        throw fail('DECIMALS', `the signed decimals (${stated}) differ from the caller's (${pinned})`);
      }
      return pinned;
    }
    if (stated === null) throw fail('DECIMALS', 'no decimals: neither signed nor given by the caller');
    return stated;
  }

  #trustedRoot(chainId, block) {
    for (const pass of [0, 1]) {
      for (const t of this.#trusted) {
        const chainMatches = t.chainId === null ? pass === 1 : t.chainId === chainId;
        const blockMatches = t.blockNumber === null || t.blockNumber === block;
        if (chainMatches && blockMatches) {
          if (t.problem !== null) throw fail('STATE_ROOT', t.problem);
          return t.stateRoot;
        }
      }
    }
    throw new NoTrustedRoot(`no trusted state root for chain ${chainId} at block 0x${block.toString(16)}`);
  }
}

function concat(a, b) {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** A JSON number that converts to a 64-bit integer (truncated, as Jackson's asLong), else null. */
function toLong(value) {
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > 9.223372036854776e18) return null;
  return BigInt(Math.trunc(value));
}
