import { build } from 'esbuild';
import { esbuildOptions } from './infra/bundling';
for (const entry of process.argv.slice(2)) {
  const r = await build({ ...esbuildOptions(entry, `/tmp/meta-out/x.mjs`), write: false, logLevel: 'silent' });
  const inputs = r.metafile!.inputs;
  const prev = new Map<string, string>(); const q = [entry]; const seen = new Set([entry]);
  while (q.length) { const cur = q.shift()!; for (const imp of inputs[cur]?.imports ?? []) { if (imp.external || seen.has(imp.path)) continue; seen.add(imp.path); prev.set(imp.path, cur); q.push(imp.path); } }
  const t = Object.keys(inputs).find((p) => p.includes('@aws-sdk/client-s3/'));
  if (!t) { console.log(entry, 'no s3'); continue; }
  const chain = [t]; let c = t; while (prev.has(c)) { c = prev.get(c)!; chain.unshift(c); }
  console.log(entry, ':', chain.filter((x) => !x.includes('node_modules') || x === t).join(' -> '));
}
