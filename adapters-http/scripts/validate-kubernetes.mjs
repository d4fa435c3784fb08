// Validates Kubernetes manifests without a cluster or a network: every document against the
// Kubernetes schemas (the kubernetes-models package bundles them), then what a schema cannot see:
// the references between the documents and the service's own rules (probes on the health
// endpoints, resource requests). The schemas are not strict about unknown fields, so the rules
// below also catch a misspelt probe or selector.
//
//   node scripts/validate-kubernetes.mjs <file or directory>...
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseAllDocuments } from 'yaml';

const HEALTH = { readinessProbe: '/q/health/ready', livenessProbe: '/q/health/live' };

/** The YAML files named, directories expanded (sorted, not recursive). */
export function manifestFiles(paths) {
  return paths.flatMap((p) =>
    statSync(p).isDirectory()
      ? readdirSync(p)
          .filter((f) => ['.yaml', '.yml'].includes(extname(f)))
          .sort()
          .map((f) => join(p, f))
      : [p],
  );
}

/** Every document of the files, with where it came from. Parse errors are failures too. */
export function readDocuments(files) {
  const docs = [];
  const errors = [];
  for (const file of files) {
    for (const doc of parseAllDocuments(readFileSync(file, 'utf8'))) {
      if (doc.errors.length > 0) {
        errors.push(`${basename(file)}: ${doc.errors.map((e) => e.message).join('; ')}`);
        continue;
      }
      const obj = doc.toJS();
      if (obj !== null && obj !== undefined) docs.push({ file: basename(file), obj });
    }
  }
  return { docs, errors };
}

// The Prometheus Operator's kinds (the Helm chart's ServiceMonitor) come from their own package.
const EXTRA_GROUPS = { 'monitoring.coreos.com': '@kubernetes-models/prometheus-operator' };

async function modelClass(apiVersion, kind) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : [null, apiVersion];
  const path =
    group && EXTRA_GROUPS[group]
      ? `${EXTRA_GROUPS[group]}/${group}/${version}/${kind}`
      : `kubernetes-models/${group ? `${group}/` : ''}${version}/${kind}`;
  try {
    return (await import(path))[kind];
  } catch {
    return undefined;
  }
}

const labelsMatch = (selector, labels) =>
  Object.entries(selector ?? {}).every(([k, v]) => labels?.[k] === v);

/** All failures of a set of documents (empty when valid). */
export async function validate(docs) {
  const errors = [];
  const where = (d) => `${d.file}: ${d.obj?.kind ?? '?'}/${d.obj?.metadata?.name ?? '?'}`;

  // 1. each document against its schema
  for (const d of docs) {
    const { apiVersion, kind } = d.obj ?? {};
    if (typeof apiVersion !== 'string' || typeof kind !== 'string') {
      errors.push(`${where(d)}: apiVersion and kind are required`);
      continue;
    }
    const Model = await modelClass(apiVersion, kind);
    if (!Model) {
      errors.push(`${where(d)}: no schema for ${apiVersion} ${kind}`);
      continue;
    }
    try {
      new Model(d.obj).validate();
    } catch (e) {
      errors.push(`${where(d)}: ${e.message}`);
    }
  }
  if (errors.length > 0) return errors;

  // 2. references between documents, and the service's rules
  const byKind = (kind) => docs.filter((d) => d.obj.kind === kind);
  const names = new Set();
  for (const d of docs) {
    const key = `${d.obj.kind}/${d.obj.metadata.name}`;
    if (names.has(key)) errors.push(`${where(d)}: defined twice`);
    names.add(key);
  }
  const configMaps = new Set(byKind('ConfigMap').map((d) => d.obj.metadata.name));
  const deployments = byKind('Deployment');

  for (const d of deployments) {
    const spec = d.obj.spec;
    const podLabels = spec.template?.metadata?.labels ?? {};
    if (!labelsMatch(spec.selector?.matchLabels, podLabels)) {
      errors.push(`${where(d)}: spec.selector does not match the pod template's labels`);
    }
    for (const c of spec.template.spec.containers) {
      const ports = new Set((c.ports ?? []).flatMap((p) => [p.name, p.containerPort]));
      for (const [probe, path] of Object.entries(HEALTH)) {
        const get = c[probe]?.httpGet;
        if (!get) errors.push(`${where(d)}: container ${c.name} has no ${probe} (httpGet ${path})`);
        else {
          if (get.path !== path) errors.push(`${where(d)}: ${c.name} ${probe} must GET ${path}, not ${get.path}`);
          if (!ports.has(get.port)) errors.push(`${where(d)}: ${c.name} ${probe} port ${get.port} is not a container port`);
        }
      }
      const requests = c.resources?.requests ?? {};
      for (const r of ['cpu', 'memory']) {
        if (requests[r] === undefined) errors.push(`${where(d)}: container ${c.name} requests no ${r}`);
      }
      for (const ref of c.envFrom ?? []) {
        const cm = ref.configMapRef;
        if (cm && !cm.optional && !configMaps.has(cm.name)) {
          errors.push(`${where(d)}: container ${c.name} reads ConfigMap ${cm.name}, which is not defined`);
        }
      }
      for (const e of c.env ?? []) {
        const cm = e.valueFrom?.configMapKeyRef;
        if (cm && !cm.optional && !configMaps.has(cm.name)) {
          errors.push(`${where(d)}: ${e.name} reads ConfigMap ${cm.name}, which is not defined`);
        }
      }
    }
  }

  const podsOf = (selector) =>
    deployments.filter((d) => labelsMatch(selector, d.obj.spec.template.metadata.labels));
  for (const d of byKind('Service')) {
    const targets = podsOf(d.obj.spec.selector);
    if (targets.length === 0) errors.push(`${where(d)}: selector matches no Deployment's pods`);
    for (const p of d.obj.spec.ports ?? []) {
      const ok = targets.some((t) =>
        t.obj.spec.template.spec.containers.some((c) =>
          (c.ports ?? []).some((cp) => cp.name === p.targetPort || cp.containerPort === p.targetPort),
        ),
      );
      if (targets.length > 0 && !ok) errors.push(`${where(d)}: targetPort ${p.targetPort} is no container port`);
    }
  }
  for (const d of byKind('PodDisruptionBudget')) {
    if (podsOf(d.obj.spec.selector?.matchLabels).length === 0) {
      errors.push(`${where(d)}: selector matches no Deployment's pods`);
    }
  }
  for (const d of byKind('HorizontalPodAutoscaler')) {
    const ref = d.obj.spec.scaleTargetRef;
    if (!deployments.some((t) => ref.kind === 'Deployment' && t.obj.metadata.name === ref.name)) {
      errors.push(`${where(d)}: scaleTargetRef ${ref.kind}/${ref.name} is not defined`);
    }
    if ((d.obj.spec.minReplicas ?? 1) > d.obj.spec.maxReplicas) {
      errors.push(`${where(d)}: minReplicas exceeds maxReplicas`);
    }
  }
  for (const d of byKind('ServiceMonitor')) {
    const services = byKind('Service').filter((svc) =>
      labelsMatch(d.obj.spec.selector?.matchLabels, svc.obj.metadata.labels),
    );
    if (services.length === 0) errors.push(`${where(d)}: selector matches no Service's labels`);
    for (const e of d.obj.spec.endpoints ?? []) {
      if (services.length > 0 && !services.some((svc) => (svc.obj.spec.ports ?? []).some((p) => p.name === e.port))) {
        errors.push(`${where(d)}: endpoint port ${e.port} is no port of the selected Service`);
      }
    }
  }
  return errors;
}

/** The Secrets the workloads read: created by the operator, not in the manifests. */
export function secretsReferenced(docs) {
  const found = new Map();
  for (const d of docs.filter((x) => x.obj.kind === 'Deployment')) {
    for (const c of d.obj.spec.template.spec.containers) {
      for (const e of c.env ?? []) {
        const s = e.valueFrom?.secretKeyRef;
        if (s) found.set(s.name, [...(found.get(s.name) ?? []), s.key + (s.optional ? ' (optional)' : '')]);
      }
    }
  }
  return found;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  if (args.length === 0) {
    console.error('usage: validate-kubernetes.mjs <file or directory>...');
    process.exit(2);
  }
  const { docs, errors: parseErrors } = readDocuments(manifestFiles(args));
  const errors = [...parseErrors, ...(await validate(docs))];
  if (errors.length > 0) {
    for (const e of errors) console.error(`kubernetes: ${e}`);
    console.error(`kubernetes: ${errors.length} problem(s) in ${docs.length} document(s)`);
    process.exit(1);
  }
  for (const d of docs) console.log(`kubernetes: ${d.file}: ${d.obj.apiVersion} ${d.obj.kind}/${d.obj.metadata.name} valid`);
  for (const [name, keys] of secretsReferenced(docs)) {
    console.log(`kubernetes: reads Secret ${name} (keys ${keys.join(', ')}), created outside these manifests`);
  }
}
