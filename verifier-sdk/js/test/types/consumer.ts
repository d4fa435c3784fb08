// A TypeScript consumer of the package's declarations: `tsc --noEmit` over this file is the check
// that src/index.d.ts describes the API as a caller uses it (run by test/types.test.mjs).
import {
  createVerifier,
  KeySet,
  Namespace,
  VerificationRejected,
  type PqStatus,
  type StatementReport,
  type VerificationReport,
  ProofVerifier,
  type BlockHeader,
  type ProofVerdict,
  EnvelopeVerifier,
  KeySetResolver,
  type EnvelopeReport,
  expandPassCode,
  passCodeOf,
  SignedCheckpoint,
  LogKey,
  MalformedCheckpoint,
  leafHash,
  statementLeafHash,
  verifyInclusion,
  verifyConsistency,
  readAssuranceOf,
  requireQuorum,
  requireTrustQuorum,
  trustReadAssurances,
  requireDiscountQuorum,
  discountReadAssurances,
  type ReadAssurance,
  type TrustRowAssurance,
  type DiscountChainAssurance,
} from '@walletstate/verifier';

async function envelope(jwks: string, text: string, pass: { pass: object; sig: string }): Promise<boolean> {
  const report: EnvelopeReport = await EnvelopeVerifier.builder(KeySetResolver.fixed({ 'https://x/jwks.json': KeySet.parse(jwks) }))
    .now(new Date())
    .requiredTypes(['wallet_state'])
    .build()
    .verify(text);
  const code: string = passCodeOf(pass);
  const kid: string = expandPassCode(code, 'service').kid;
  return report.valid && report.slots.every((s) => s.error === null) && report.summary.missingRequired.length === 0 && kid.length > 0;
}
void envelope;

async function proofs(report: VerificationReport, header: BlockHeader, hash: string): Promise<string[]> {
  const verifier = ProofVerifier.builder()
    .trustHeader(8453, header, hash)
    .trustStateRoot(1, 0x4bn, '0x' + '00'.repeat(32))
    .wallet('0x' + '11'.repeat(20))
    .tokenDecimals(8453, '0x' + '22'.repeat(20), 6)
    .build();
  const verdicts: ProofVerdict[] = await verifier.verify(report);
  return verdicts.map((v) => `${v.status} ${v.failedStep ?? ''} ${v.provenValue ?? ''}`);
}
void proofs;

async function check(jwks: string, answer: string): Promise<boolean> {
  const verifier = createVerifier({ keys: KeySet.parse(jwks), namespace: 'service', maxAgeSeconds: 300 });
  const report: VerificationReport = await verifier.report(answer);
  const status: PqStatus = report.pq.status;
  const hashes: number[] = report.conditionHashFailures;
  const failed: string[] = report.failedChecks;
  const jwtPassed: boolean | undefined = report.jwt?.passed;
  const trust: StatementReport = await verifier.reportTrustProfile(answer);
  const kid: string = new Namespace('insumer').kid('attest-v2');
  try {
    await verifier.verify(answer);
  } catch (e) {
    if (e instanceof VerificationRejected) console.log(e.check, e.report.valid);
  }
  return report.valid && trust.checks.signature.passed && status === 'verified' && hashes.length === 0 && failed.length === 0 && jwtPassed !== false && kid.length > 0;
}

void check;

async function log(note: string, key: string, leaf: Uint8Array, proof: Uint8Array[]): Promise<boolean> {
  const checkpoint: SignedCheckpoint = SignedCheckpoint.parse(note);
  const logKey: LogKey = await LogKey.from({ origin: 'o', keyId: '00000000', algorithm: 'ES256', publicKey: key });
  const statement: Uint8Array = await statementLeafHash('attestation', 'service-attest-v2', new Uint8Array(3));
  const included: boolean = await verifyInclusion(0, checkpoint.size, leaf, proof, checkpoint.root);
  const consistent: boolean = await verifyConsistency(1n, 2, await leafHash(statement), checkpoint.root, proof);
  try {
    SignedCheckpoint.parse('');
  } catch (e) {
    if (e instanceof MalformedCheckpoint) console.log(e.message);
  }
  return (await checkpoint.signedBy(logKey)) && included && consistent && logKey.keyIdHex?.length === 8 && logKey.algorithm === 'ES256';
}

void log;

function providersRead(report: VerificationReport): string[] {
  const read: ReadonlyArray<ReadAssurance | null> = requireQuorum(report, 2).readAssurance ?? [];
  const first: ReadAssurance | null = readAssuranceOf({});
  return read.flatMap((a) => [...(a?.names ?? [])]).concat(first?.mode ?? []);
}

void providersRead;

function trustRowsRead(report: StatementReport): string[] {
  const rows: ReadonlyArray<TrustRowAssurance> = trustReadAssurances(requireTrustQuorum(report, 2).statement);
  return rows.map((r) => `${r.dimension}/${r.label}: ${r.readAssurance?.mode ?? r.reason ?? 'none'}`);
}

void trustRowsRead;

function discountChainsRead(report: StatementReport): string[] {
  const rows: ReadonlyArray<DiscountChainAssurance> | null = discountReadAssurances(requireDiscountQuorum(report, 2).statement);
  return (rows ?? []).map((r) => `${r.chainId}: ${r.readAssurance.mode} ${r.readAssurance.providers}/${r.readAssurance.of}`);
}

void discountChainsRead;
