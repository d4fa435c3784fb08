// What test/browser.test.mjs has a browser verify, and Node too, with the same code: the 27
// published vectors after every window and inside their own; statements signed by the test issuer
// (a trust profile alone and as a batch entry, a pass and its QR-code text, an attestation with an
// EIP-1186 proof) as issued and edited; the proof checked against the devnet's header, as issued
// and tampered. Only the package's API and what browsers have (no Node module, no Buffer) is used.
import { createVerifier, KeySet, ProofVerifier, passCodeOf } from '../src/index.js';

const AFTER_ALL_WINDOWS = '2026-10-01T00:00:00Z';

function issuedAt(data) {
  if (data.trust) return Date.parse(data.trust.profiledAt);
  if (data.attestation) return Date.parse(data.attestation.attestedAt);
  const claims = data.jwt.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(atob(claims)).iat * 1000;
}

/** The members two verifiers must agree on: every check's verdict and reason, the companion, valid. */
function summary(report) {
  const checks = Object.fromEntries(Object.entries(report.checks).map(([name, c]) => [name, [c.passed, c.reason ?? null]]));
  return { valid: report.valid, pq: report.pq.status, checks };
}

async function vectorReports({ vectors, jwks }) {
  const out = {};
  for (const [name, vector] of Object.entries(vectors)) {
    for (const [clock, now] of [
      ['after', AFTER_ALL_WINDOWS],
      ['inside', new Date(issuedAt(vector.response.data) + 60_000).toISOString()],
    ]) {
      const verifier = createVerifier({
        keys: vector.options ? KeySet.parse(jwks, 'saved jwks.json') : KeySet.empty(),
        namespace: 'insumer',
        now,
        pqRequiredFrom: vector.options?.pqRequiredFrom ?? null,
      });
      const text = JSON.stringify(vector.response);
      const report = vector.response.data.trust ? await verifier.reportTrustProfile(text) : await verifier.report(text);
      out[`${name} ${clock}`] = summary(report);
    }
  }
  return out;
}

const proofLine = (v) => ({ index: v.index, status: v.status, failedStep: v.failedStep ?? null, detail: v.detail ?? null, provenValue: v.provenValue ?? null });

async function signedReports({ signed, header }) {
  const verifier = createVerifier({ keys: KeySet.parse(signed.jwks), now: signed.now });
  const out = {};
  out['trust profile'] = summary(await verifier.reportTrustProfile({ data: signed.trust }));
  out['trust profile as a batch entry'] = summary(await verifier.reportTrustProfile(JSON.stringify(signed.trust)));
  out['trust profile edited'] = summary(await verifier.reportTrustProfile({ data: signed.trustEdited }));
  out.pass = summary(await verifier.reportPass({ data: signed.pass }));
  out['pass code'] = summary(await verifier.reportPass(passCodeOf(signed.pass)));
  out['pass edited'] = summary(await verifier.reportPass({ data: signed.passEdited }));
  const report = await verifier.report({ ok: true, data: signed.proofAnswer });
  out['attestation with proof'] = summary(report);
  out['attestation with proof, proof tampered'] = summary(await verifier.report({ ok: true, data: signed.proofTampered }));
  const proofs = ProofVerifier.builder().trustHeader(header.chainId, header.header, header.header.hash).wallet(header.holder).build();
  out['proof verdicts'] = (await proofs.verify(report)).map(proofLine);
  out['proof verdicts, tampered'] = (await proofs.verifyResults(signed.proofTampered.attestation)).map(proofLine);
  const elsewhere = ProofVerifier.builder().trustStateRoot(header.otherStateRoot).build();
  out["proof verdicts, another chain's root"] = (await elsewhere.verify(report)).map(proofLine);
  return out;
}

/** Every report, by case name. */
export async function browserCases(inputs) {
  return { ...(await vectorReports(inputs)), ...(await signedReports(inputs)) };
}
