// Moves functions/ into layers that only lean down (docs/conventions.md, "Layers"), and rewrites every
// import of the moved files. Mechanical and idempotent: run it again after merging a branch that still
// imports the old paths (`#lib/http`, `#lib/authorise`, `#lib/dynamo`, relative ones too) and it fixes
// those; files already moved stay put.
//
//   node scripts/layers/move.mjs              move and rewrite, leaving scripts/openapi/document.ts
//                                            alone (another branch edits it) behind a type-only
//                                            functions/lib/http.ts that re-exports Contract
//   node scripts/layers/move.mjs --document   also point document.ts at functions/http/http.ts and
//                                            delete that stand-in
//
// Then: npx eslint . (the layer rule in eslint.config.js) and npx tsc --noEmit -p tsconfig.json.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');
const DOCUMENT = 'scripts/openapi/document.ts';
const STAND_IN = 'functions/lib/http.ts';
const withDocument = process.argv.includes('--document');

/** Old path -> new path (from the project root). */
const MOVES = new Map([
  // The HTTP chain: above the data layer (it checks sessions, idempotency keys and rate limits there).
  ['functions/lib/http.ts', 'functions/http/http.ts'],
  ['functions/lib/authorise.ts', 'functions/http/authorise.ts'],
  ['functions/lib/origin.test.ts', 'functions/http/origin.test.ts'],
  ['functions/lib/deadline.test.ts', 'functions/http/deadline.test.ts'],
  ['functions/lib/client-address.test.ts', 'functions/http/client-address.test.ts'],
  // The table's client stamps each item's tenant from the table's key names: part of the data layer.
  ['functions/lib/dynamo.ts', 'functions/data/dynamo.ts'],
]);
/** Aliases of package.json `imports`: specifier prefix -> folder. */
const ALIASES = [
  ['#lib/', 'functions/lib/'],
  ['#http/', 'functions/http/'],
];

const posix = (path) => path.split('\\').join('/');
const stripTs = (path) => path.replace(/\.tsx?$/, '');

// Files to rewrite: everything tracked (and new, not ignored) that can import or name a module.
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx', '*.mjs', '*.md'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean)
  .filter((file) => existsSync(join(ROOT, file)))
  .filter((file) => file !== 'scripts/layers/move.mjs')
  .filter((file) => withDocument || file !== DOCUMENT)
  // The stand-in left at an old path once its file has moved.
  .filter((file) => !(MOVES.has(file) && existsSync(join(ROOT, MOVES.get(file)))));

/** Where a file is after the move. */
const finalPath = (file) => (MOVES.has(file) ? MOVES.get(file) : file);

/** The project path (no extension) a specifier names, from a file at `from`; undefined if not ours. */
function target(spec, from) {
  for (const [prefix, folder] of ALIASES) if (spec.startsWith(prefix)) return folder + spec.slice(prefix.length);
  if (spec.startsWith('./') || spec.startsWith('../')) return posix(relative(ROOT, resolve(ROOT, dirname(from), spec)));
  return undefined;
}

/**
 * The specifier a file at `from` (its final path) uses for the module at `to` (final path, no
 * extension): ./name within a folder; inside functions/, #http/ for the HTTP chain and #lib/ for lib
 * where the import was an alias or the importer itself moved; a relative path otherwise.
 */
function specifier(to, from, { wasAlias, importerMoved }) {
  const inFunctions = from.startsWith('functions/');
  if (dirname(to) === dirname(from)) return `./${to.slice(dirname(to).length + 1)}`;
  if (inFunctions && to.startsWith('functions/http/')) return `#http/${to.slice('functions/http/'.length)}`;
  if (inFunctions && to.startsWith('functions/lib/') && (wasAlias || importerMoved)) return `#lib/${to.slice('functions/lib/'.length)}`;
  const rel = posix(relative(dirname(from), to));
  return rel.startsWith('.') ? rel : `./${rel}`;
}

const IMPORT = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|doMock|importActual)\s*\(\s*)(['"])([^'"\n]+)\2/g;
const MOVED_MODULES = new Map([...MOVES].map(([from, to]) => [stripTs(from), stripTs(to)]));

let changed = 0;
for (const file of files) {
  const path = join(ROOT, file);
  const before = readFileSync(path, 'utf8');
  const to = finalPath(file);
  let after = before;
  if (/\.(ts|tsx|mjs)$/.test(file)) {
    after = after.replace(IMPORT, (whole, lead, quote, spec) => {
      const old = target(spec, file);
      if (old === undefined) return whole;
      const oldModule = stripTs(old);
      const moved = MOVED_MODULES.get(oldModule);
      if (!moved && to === file) return whole; // neither end moves
      const next = specifier(moved ?? oldModule, to, { wasAlias: spec.startsWith('#'), importerMoved: to !== file });
      return `${lead}${quote}${next}${quote}`;
    });
    // infra/local/declared-access.ts loads the table's client by path.
    after = after.replace(/join\((\w+), 'lib', 'dynamo\.ts'\)/g, "join($1, 'data', 'dynamo.ts')");
  }
  // Paths named in comments and docs.
  after = after
    .replace(/\blib\/http\.ts\b/g, 'http/http.ts')
    .replace(/\blib\/authorise\.ts\b/g, 'http/authorise.ts')
    .replace(/\blib\/dynamo\.ts\b/g, 'data/dynamo.ts')
    .replace(/#lib\/http\b/g, '#http/http')
    .replace(/#lib\/authorise\b/g, '#http/authorise')
    .replace(/`#lib\/dynamo`/g, '`functions/data/dynamo.ts`');
  if (after !== before) {
    writeFileSync(path, after);
    changed++;
  }
}

// Then the moves themselves (git mv keeps their history).
let moved = 0;
for (const [from, to] of MOVES) {
  if (!existsSync(join(ROOT, from)) || existsSync(join(ROOT, to))) continue;
  mkdirSync(dirname(join(ROOT, to)), { recursive: true });
  execFileSync('git', ['mv', from, to], { cwd: ROOT });
  moved++;
}

// The stand-in for document.ts, or its removal once document.ts has been pointed at the new place.
if (withDocument) {
  if (existsSync(join(ROOT, STAND_IN)) && existsSync(join(ROOT, MOVES.get(STAND_IN)))) execFileSync('git', ['rm', '-q', STAND_IN], { cwd: ROOT });
} else if (!existsSync(join(ROOT, STAND_IN)) && /functions\/lib\/http'/.test(readFileSync(join(ROOT, DOCUMENT), 'utf8'))) {
  writeFileSync(
    join(ROOT, STAND_IN),
    `// Moved to functions/http/http.ts (the HTTP chain sits above the data layer). Only
// scripts/openapi/document.ts still names this path, while another branch edits it; after that merge,
// \`node scripts/layers/move.mjs --document\` points it at functions/http/http.ts and deletes this file.
export type { Contract } from '../http/http';
`,
  );
  execFileSync('git', ['add', STAND_IN], { cwd: ROOT });
}

// The alias of the new layer (package.json imports; tsconfig, vitest and esbuild read it from there).
const pkgPath = join(ROOT, 'package.json');
const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
if (!pkg.imports['#http/*']) {
  pkg.imports['#http/*'] = './functions/http/*.ts';
  writeFileSync(pkgPath, `${JSON.stringify(pkg, null, 2)}\n`);
  changed++;
}

console.log(`layers: ${moved} files moved, ${changed} files rewritten`);
