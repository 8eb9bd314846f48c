// The layers of src/, and which way an import may point. `npm run check` (ESLint) fails on a
// wrong arrow: a layer importing one above it, a feature importing another feature, the
// server importing browser code, or any circle of imports between files.
//
//   app (src/app, src/main.tsx, src/page-start.ts)   the shell: router, registry, pages of its own
//   features/<name>                                 one per feature; never another feature
//   shared                                          what several features use: journey, layout, ui
//   domain                                          plain rules both sides share
//   contract                                        the API's and config's shapes, brands, settings
//   engine, lib                                     plain TypeScript at the bottom
//   server                                          its own tree: engine, contract, domain, lib only
//
// docs/architecture.md draws the same picture.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The layer a repository file belongs to, or null when it is outside the checked tree. */
export function layerOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  if (rel.startsWith('config/')) return 'config';
  if (rel.startsWith('schemas/')) return 'schemas';
  if (rel.startsWith('scripts/') || rel.startsWith('tests/') || rel.startsWith('e2e/')) return 'tooling';
  if (!rel.startsWith('src/')) return null;
  const inner = rel.slice('src/'.length);
  const [top, second] = inner.split('/');
  if (top === 'features') return `feature:${second}`;
  if (top === 'main.tsx' || top === 'page-start.ts' || top === 'vite-env.d.ts') return 'app';
  return top;
}

const BOTTOM = ['engine', 'lib', 'config'];
const ALLOWED = {
  engine: ['engine'],
  lib: ['lib'],
  contract: ['contract', ...BOTTOM, 'schemas'],
  domain: ['domain', 'contract', ...BOTTOM],
  shared: ['shared', 'domain', 'contract', ...BOTTOM],
  app: ['app', 'features', 'shared', 'domain', 'contract', ...BOTTOM],
  server: ['server', 'contract', 'domain', ...BOTTOM, 'schemas'],
};

/** Why `from` may not import `to`, or null when it may. */
export function wrongArrow(from, to) {
  if (from === null || to === null || ['config', 'schemas', 'tooling'].includes(from)) return null;
  if (to === 'tooling') return 'src/ does not import scripts or tests; move what both need into src/contract';
  if (from.startsWith('feature:')) {
    if (to === from) return null;
    if (to.startsWith('feature:'))
      return `a feature does not import another feature (${to.slice(8)}); move what both need to src/shared`;
    return ALLOWED.shared.includes(to) ? null : `a feature may not import ${to}`;
  }
  const allowed = ALLOWED[from];
  if (allowed === undefined) return `src/${from} is not a known layer; add it to scripts/lint/layers.js`;
  if (to.startsWith('feature:')) return allowed.includes('features') ? null : `${from} may not import a feature`;
  return allowed.includes(to) ? null : `${from} may not import ${to}`;
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

/** The repository files a source file imports by a relative path. */
function importsOf(file, text) {
  const found = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (!spec.startsWith('.')) continue;
    found.push(path.resolve(path.dirname(file), spec.split('?')[0]));
  }
  return found;
}

const graph = new Map();
function edges(file) {
  let known = graph.get(file);
  if (known === undefined) {
    known = existsSync(file) && /\.[cm]?[jt]sx?$/.test(file) ? importsOf(file, readFileSync(file, 'utf8')) : [];
    graph.set(file, known);
  }
  return known;
}

/** A path of imports from `start` back to `target`, or null. */
function pathBack(start, target) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, trail] = stack.pop();
    if (file === target) return trail;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of edges(file)) stack.push([next, [...trail, next]]);
  }
  return null;
}

const sourceOf = (node) => node.source?.value;

const direction = {
  meta: { type: 'problem', docs: { description: 'Imports point down the layers of src/' }, schema: [] },
  create(context) {
    const file = context.filename;
    const from = layerOf(file);
    const check = (node) => {
      const spec = sourceOf(node);
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const why = wrongArrow(from, layerOf(path.resolve(path.dirname(file), spec.split('?')[0])));
      if (why !== null) context.report({ node: node.source, message: `Wrong arrow: ${why}.` });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const noCycle = {
  meta: { type: 'problem', docs: { description: 'No circle of imports between files' }, schema: [] },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      const spec = sourceOf(node);
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec.split('?')[0]);
      const back = pathBack(target, file);
      if (back !== null) {
        const names = back.map((step) => path.relative(ROOT, step)).join(' -> ');
        context.report({ node: node.source, message: `Circle of imports: ${names}.` });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { direction, 'no-cycle': noCycle } };
