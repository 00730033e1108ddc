// Moves what several handler areas of functions/ share into the domain layer, functions/domain/<context>/
// (docs/conventions.md, "Layers"), and rewrites every import and every mention of the moved files.
// Mechanical and idempotent: run it again after merging a branch that still imports or names the old
// paths (`../../bookings/lib/places`, `./lib/views`...) and it fixes those; moved files stay put.
//
//   node scripts/layers/domain.mjs --move   only `git mv` the files (a commit of its own)
//   node scripts/layers/domain.mjs          rewrite the imports and mentions of the old paths
//
// Then: npx eslint functions (the layer rules in eslint.config.js) and npx tsc --noEmit -p tsconfig.json.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Folder of the old files (under functions/) -> their names -> the domain context they move to. */
const GROUPS = [
  ['bookings/lib', 'bookings', ['places', 'views', 'mail', 'mail.test', 'ics', 'ics.test', 'manage-link', 'manage-link.test', 'move', 'events', 'refusals', 'reminder', 'hold-sweep', 'payment-consumer', 'hold-limits', 'hold-limits.test']],
  ['bookings/lib', 'practitioners', ['choose-practitioner']],
  ['availability/lib', 'availability', ['diary', 'free-times']],
  ['payments/lib', 'payments', ['amounts', 'contract', 'consumers']],
  ['forms/lib', 'forms', ['views', 'submissions', 'payment-consumer']],
  ['form-packages/lib', 'form-packages', ['view']],
  ['booking-packages/lib', 'booking-packages', ['view']],
  ['appointments/lib', 'appointments', ['when', 'views', 'actors']],
  ['services/lib', 'services', ['common']],
  ['account/lib', 'account', ['auth-replies', 'devices']],
  ['reminders/lib', 'reminders', ['sweep', 'messages']],
];
/** Old module path -> new module path (from the project root, no extension). */
const MOVES = new Map(GROUPS.flatMap(([from, context, names]) => names.map((name) => [`functions/${from}/${name}`, `functions/domain/${context}/${name}`])));
const MOVED_FROM = new Map([...MOVES].map(([from, to]) => [to, from]));
/** Aliases of package.json `imports`: specifier prefix -> folder. */
const ALIASES = [
  ['#lib/', 'functions/lib/'],
  ['#http/', 'functions/http/'],
  ['#domain/', 'functions/domain/'],
  ['#shared/', 'shared/'],
];

const posix = (path) => path.split('\\').join('/');
const stripTs = (path) => path.replace(/\.tsx?$/, '');
const moduleExists = (path) => ['.ts', '.tsx', '/index.ts'].some((ext) => existsSync(join(ROOT, path + ext))) || existsSync(join(ROOT, path));

if (process.argv.includes('--move')) {
  let moved = 0;
  for (const [from, to] of MOVES) {
    if (!existsSync(join(ROOT, `${from}.ts`)) || existsSync(join(ROOT, `${to}.ts`))) continue;
    mkdirSync(dirname(join(ROOT, to)), { recursive: true });
    execFileSync('git', ['mv', `${from}.ts`, `${to}.ts`], { cwd: ROOT });
    moved++;
  }
  console.log(`domain: ${moved} files moved`);
  process.exit(0);
}

/** The project path (no extension) a specifier names from a file at `file`; undefined if not ours. */
function target(spec, file) {
  for (const [prefix, folder] of ALIASES) if (spec.startsWith(prefix)) return stripTs(folder + spec.slice(prefix.length));
  if (spec.startsWith('./') || spec.startsWith('../')) return stripTs(posix(relative(ROOT, resolve(ROOT, dirname(file), spec))));
  return undefined;
}

/** The specifier `file` uses for module `to`: ./name in the same folder, #domain/ inside functions/, relative otherwise. */
function specifier(to, file) {
  if (dirname(to) === dirname(file)) return `./${to.slice(dirname(to).length + 1)}`;
  if (file.startsWith('functions/') && to.startsWith('functions/domain/')) return `#domain/${to.slice('functions/domain/'.length)}`;
  const rel = posix(relative(dirname(file), to));
  return rel.startsWith('.') ? rel : `./${rel}`;
}

const IMPORT = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|doMock|importActual)\s*\(\s*)(['"])([^'"\n]+)\2/g;
/** A mention of an old path in a comment or a doc: `bookings/lib/places` (with or without functions/ and .ts). */
const MENTIONS = [...MOVES].map(([from, to]) => [new RegExp(`(?<![\\w./-])((?:\\.\\./)*(?:functions/)?)${from.slice('functions/'.length).replace(/[.]/g, '\\.')}(?![\\w-])`, 'g'), to.slice('functions/'.length)]);

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx', '*.mjs', '*.md'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean)
  .filter((file) => existsSync(join(ROOT, file)))
  // This script, and the test that proves ESLint refuses imports of the old places between areas.
  .filter((file) => !['scripts/layers/domain.mjs', 'functions/layers.test.ts'].includes(file));

let changed = 0;
for (const file of files) {
  const path = join(ROOT, file);
  const before = readFileSync(path, 'utf8');
  let after = before;
  if (/\.(ts|tsx|mjs)$/.test(file)) {
    const oldFile = MOVED_FROM.has(stripTs(file)) ? `${MOVED_FROM.get(stripTs(file))}${file.slice(stripTs(file).length)}` : undefined;
    after = after.replace(IMPORT, (whole, lead, quote, spec) => {
      const now = target(spec, file);
      if (now === undefined || moduleExists(now)) return whole; // not ours, or still right
      // A moved file's relative imports were written from its old folder.
      const meant = MOVES.has(now) ? now : oldFile && !spec.startsWith('#') ? target(spec, oldFile) : now;
      const to = MOVES.get(meant) ?? meant;
      if (!moduleExists(to)) return whole; // broken before the move too: leave it to tsc
      return `${lead}${quote}${specifier(to, file)}${quote}`;
    });
  }
  for (const [pattern, to] of MENTIONS) after = after.replace(pattern, (_whole, lead) => `${lead}${to}`);
  if (after !== before) {
    writeFileSync(path, after);
    changed++;
  }
}

// The alias of the new layer (package.json imports; tsconfig, vitest and esbuild read it from there).
const pkgPath = join(ROOT, 'package.json');
const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
if (!pkg.imports['#domain/*']) {
  pkg.imports['#domain/*'] = './functions/domain/*.ts';
  writeFileSync(pkgPath, `${JSON.stringify(pkg, null, 2)}\n`);
  changed++;
}
console.log(`domain: ${changed} files rewritten`);
