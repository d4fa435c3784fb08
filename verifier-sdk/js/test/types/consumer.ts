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
} from '@walletstate/verifier';

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
