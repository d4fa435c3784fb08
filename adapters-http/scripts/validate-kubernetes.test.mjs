// node --test scripts/  — the validator passes the shipped manifests and catches what it claims to.
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { manifestFiles, readDocuments, validate } from './validate-kubernetes.mjs';

const shipped = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'main', 'kubernetes');

function load() {
  const { docs, errors } = readDocuments(manifestFiles([shipped]));
  assert.deepEqual(errors, []);
  return docs;
}

const find = (docs, kind) => docs.find((d) => d.obj.kind === kind).obj;

async function problems(change) {
  const docs = load();
  change(docs);
  return (await validate(docs)).join('\n');
}

test('the shipped manifests are valid and cover every kind the deployment needs', async () => {
  const docs = load();
  assert.deepEqual(await validate(docs), []);
  const kinds = new Set(docs.map((d) => d.obj.kind));
  for (const k of ['Deployment', 'Service', 'ConfigMap', 'PodDisruptionBudget', 'HorizontalPodAutoscaler']) {
    assert.ok(kinds.has(k), `missing ${k}`);
  }
});

test('a value of the wrong type fails the schema', async () => {
  const out = await problems((docs) => {
    find(docs, 'Deployment').spec.replicas = 'two';
  });
  assert.match(out, /replicas must be integer/);
});

test('an unknown kind has no schema', async () => {
  const out = await problems((docs) => {
    docs.push({ file: 'extra.yaml', obj: { apiVersion: 'apps/v1', kind: 'Deploymnt', metadata: { name: 'x' } } });
  });
  assert.match(out, /no schema for apps\/v1 Deploymnt/);
});

test('a misspelt readiness probe is caught although the schema allows unknown fields', async () => {
  const out = await problems((docs) => {
    const c = find(docs, 'Deployment').spec.template.spec.containers[0];
    c.readinesProbe = c.readinessProbe;
    delete c.readinessProbe;
  });
  assert.match(out, /has no readinessProbe/);
});

test('a probe on the wrong path or port is caught', async () => {
  const out = await problems((docs) => {
    const c = find(docs, 'Deployment').spec.template.spec.containers[0];
    c.livenessProbe.httpGet.path = '/health';
    c.readinessProbe.httpGet.port = 'web';
  });
  assert.match(out, /livenessProbe must GET \/q\/health\/live/);
  assert.match(out, /readinessProbe port web is not a container port/);
});

test('selectors and references that point nowhere are caught', async () => {
  const out = await problems((docs) => {
    find(docs, 'Service').spec.selector = { 'app.kubernetes.io/name': 'wallet-stat' };
    find(docs, 'PodDisruptionBudget').spec.selector.matchLabels = { app: 'other' };
    find(docs, 'HorizontalPodAutoscaler').spec.scaleTargetRef.name = 'wallet';
    find(docs, 'Deployment').spec.template.spec.containers[0].envFrom.push({ configMapRef: { name: 'missing' } });
  });
  assert.match(out, /Service\/wallet-state: selector matches no Deployment's pods/);
  assert.match(out, /PodDisruptionBudget\/wallet-state: selector matches no Deployment's pods/);
  assert.match(out, /scaleTargetRef Deployment\/wallet is not defined/);
  assert.match(out, /reads ConfigMap missing, which is not defined/);
});

test('a container without resource requests is caught', async () => {
  const out = await problems((docs) => {
    delete find(docs, 'Deployment').spec.template.spec.containers[0].resources.requests.cpu;
  });
  assert.match(out, /requests no cpu/);
});

test('a ServiceMonitor is checked against its schema and the Service it selects', async () => {
  const monitor = (selector, port, interval = '30s') => ({
    file: 'monitor.yaml',
    obj: {
      apiVersion: 'monitoring.coreos.com/v1',
      kind: 'ServiceMonitor',
      metadata: { name: 'wallet-state' },
      spec: { selector: { matchLabels: selector }, endpoints: [{ port, path: '/q/metrics', interval }] },
    },
  });
  const good = await problems((docs) => docs.push(monitor({ 'app.kubernetes.io/name': 'wallet-state' }, 'http')));
  assert.equal(good, '');
  const noService = await problems((docs) => docs.push(monitor({ 'app.kubernetes.io/name': 'other' }, 'http')));
  assert.match(noService, /selector matches no Service's labels/);
  const noPort = await problems((docs) => docs.push(monitor({ 'app.kubernetes.io/name': 'wallet-state' }, 'metrics')));
  assert.match(noPort, /endpoint port metrics is no port of the selected Service/);
  const badType = await problems((docs) => docs.push(monitor({ 'app.kubernetes.io/name': 'wallet-state' }, 'http', 30)));
  assert.match(badType, /interval/);
});
