// Puts shared/ in one order, by domain (docs/conventions.md, "shared/"): each domain's schemas, records,
// types and logic in shared/<domain>/, the generic building blocks in shared/common/, and splits the
// old shared/schemas/records.ts by symbol into shared/<domain>/records.ts. Rewrites every import of
// the moved files and of records.ts's symbols (relative and #shared/ alike) in functions/, web/,
// shared/, scripts/, infra/ and test/. Mechanical and idempotent: run it again after merging a branch
// that still imports the old paths and it fixes those; files already moved stay put.
//
//   node scripts/shared/move.mjs
//
// Then: npx tsc --noEmit -p tsconfig.json, npx eslint ., and functions/import-cycles.test.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Old path -> new path (from the project root). */
const MOVES = new Map([
  ['shared/schemas/common.ts', 'shared/common/schemas.ts'],
  ['shared/schemas/account.ts', 'shared/account/schemas.ts'],
  ['shared/schemas/account.test.ts', 'shared/account/schemas.test.ts'],
  ['shared/schemas/appointments.ts', 'shared/appointments/schemas.ts'],
  ['shared/schemas/booking-confirmation.ts', 'shared/bookings/confirmation-schemas.ts'],
  ['shared/schemas/bookings.ts', 'shared/bookings/schemas.ts'],
  ['shared/schemas/bookings.test.ts', 'shared/bookings/schemas.test.ts'],
  ['shared/schemas/calendar.ts', 'shared/calendar/schemas.ts'],
  ['shared/schemas/calendar-feeds.ts', 'shared/calendar/feed-schemas.ts'],
  ['shared/schemas/challenge.ts', 'shared/challenge/schemas.ts'],
  // A file beside a folder of its name: '../challenge' would name either.
  ['shared/challenge.ts', 'shared/challenge/challenge.ts'],
  ['shared/schemas/customers.ts', 'shared/customers/schemas.ts'],
  ['shared/schemas/forms.ts', 'shared/forms/schemas.ts'],
  ['shared/schemas/manage.ts', 'shared/manage/schemas.ts'],
  ['shared/schemas/organization.ts', 'shared/organization/schemas.ts'],
  ['shared/schemas/organization.test.ts', 'shared/organization/schemas.test.ts'],
  // Practitioners are the booking page's clinicians: their hours are availability's (one domain, no circle).
  ['shared/schemas/practitioners.ts', 'shared/bookings/practitioner-schemas.ts'],
  ['shared/schemas/practitioner-messages.ts', 'shared/bookings/practitioner-messages.ts'],
  ['shared/schemas/reports.ts', 'shared/reports/schemas.ts'],
  ['shared/schemas/reports.test.ts', 'shared/reports/schemas.test.ts'],
  ['shared/schemas/services.ts', 'shared/services/schemas.ts'],
  ['shared/schemas/sms.ts', 'shared/sms/schemas.ts'],
  ['shared/schemas/webhooks.ts', 'shared/webhooks/schemas.ts'],
  ['shared/webhook-events.ts', 'shared/webhooks/events.ts'],
]);

/** The file that is split, and where each of its top-level names goes (domain folder below shared/). */
const SPLIT_FROM = 'shared/schemas/records.ts';
const RECORDS = {
  // Shared by several domains: the generic folder, which imports no domain.
  common: ['permissionEntryRecord', 'publicBrandRecord'],
  account: ['userDetailsRecord', 'authDataRecord', 'securitySettingsRecord'],
  webhooks: ['webhookEventType', 'webhookEndpointRecord', 'webhookEndpointCreatedRecord', 'webhookDeliveryStatusRecord', 'webhookDeliveryRecord'],
  organization: ['inviteDetailsRecord', 'notificationViewRecord', 'auditLogViewRecord', 'setupProgressRecord'],
  reports: ['moneyRecord', 'weekFiguresRecord', 'reportPeriodShape', 'reportRecord', 'practitionerWeekFiguresRecord', 'practitionerReportRecord'],
  appointments: ['assigneeRecord', 'appointmentViewRecord', 'appointmentLogEntryRecord'],
  sms: ['smsMessageRecord', 'smsMessageViewRecord'],
  forms: [
    'fieldOptionRecord', 'fieldAttributeRecord', 'formFieldRecord', 'publicPackageRecord', 'formPackageViewRecord', 'formViewRecord',
    'submissionAnswerRecord', 'submissionViewRecord', 'paymentStatusRecord', 'publicFormRecord', 'leadSummaryRecord',
  ],
  bookings: [
    'stripeEventOutcomeRecord', 'bookingPackageViewRecord', 'intervalRecord', 'weeklyHours', 'availabilityViewRecord', 'bookingViewRecord',
    'confirmationStatusRecord', 'bookingConfirmationRecord', 'practitionerExceptionRecord', 'practitionerViewRecord',
  ],
  calendar: ['calendarItemRecord', 'calendarViewRecord', 'calendarFeedViewRecord', 'calendarFeedCreatedRecord'],
  manage: ['manageViewRecord'],
};
const HOME = new Map(Object.entries(RECORDS).flatMap(([domain, names]) => names.map((name) => [name, `shared/${domain}/records.ts`])));

const posix = (path) => path.split('\\').join('/');
const stripTs = (path) => path.replace(/\.tsx?$/, '');
const finalPath = (file) => MOVES.get(file) ?? file;

/** The project path (no extension) a specifier names, from a file at `from`; undefined if not ours. */
function target(spec, from) {
  if (spec.startsWith('#shared/')) return `shared/${spec.slice('#shared/'.length)}`;
  if (spec.startsWith('./') || spec.startsWith('../')) return posix(relative(ROOT, resolve(ROOT, dirname(from), spec)));
  return undefined;
}

/** The specifier a file at `from` uses for `to` (no extension): #shared/ where it was, else relative. */
function specifier(to, from, wasAlias) {
  if (wasAlias && to.startsWith('shared/')) return `#shared/${to.slice('shared/'.length)}`;
  const rel = posix(relative(dirname(from), to));
  return rel.startsWith('.') ? rel : `./${rel}`;
}

const MOVED_MODULES = new Map([...MOVES].map(([from, to]) => [stripTs(from), stripTs(to)]));
const SPLIT_MODULE = stripTs(SPLIT_FROM);

// 1. Split records.ts (once: it is gone afterwards).
function split() {
  const path = join(ROOT, SPLIT_FROM);
  if (!existsSync(path)) return 0;
  const text = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(SPLIT_FROM, text, ts.ScriptTarget.Latest, true);
  const imports = []; // { names: [local], text, spec }
  const parts = new Map(); // file -> [statement text]
  const declaredIn = new Map(); // name -> file
  const unknown = [];
  for (const statement of source.statements) {
    const full = text.slice(statement.getFullStart(), statement.getEnd()).replace(/^\n+/, '');
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const names = [];
      if (clause?.name) names.push(clause.name.text);
      if (clause?.namedBindings && ts.isNamespaceImport(clause.namedBindings)) names.push(clause.namedBindings.name.text);
      if (clause?.namedBindings && ts.isNamedImports(clause.namedBindings)) for (const e of clause.namedBindings.elements) names.push(e.name.text);
      imports.push({ statement, names, spec: statement.moduleSpecifier.text });
      continue;
    }
    const names = ts.isVariableStatement(statement)
      ? statement.declarationList.declarations.map((d) => d.name.getText())
      : statement.name
        ? [statement.name.text]
        : [];
    const homes = new Set(names.map((n) => HOME.get(n)));
    if (names.length === 0) {
      if (/^\s*\/\//.test(full) || full.trim() === '') continue; // the file's own header
      unknown.push(full.slice(0, 80));
      continue;
    }
    if (homes.has(undefined)) unknown.push(...names.filter((n) => !HOME.has(n)));
    const home = [...homes][0];
    for (const n of names) declaredIn.set(n, home);
    if (!parts.has(home)) parts.set(home, []);
    parts.get(home).push({ text: full, statement });
  }
  if (unknown.length) throw new Error(`${SPLIT_FROM}: no home in RECORDS for ${unknown.join(', ')}`);
  for (const [file, statements] of parts) {
    // Names each part uses: those of the old imports, and those now in another part.
    const used = new Set();
    const visit = (node) => {
      if (ts.isIdentifier(node)) used.add(node.text);
      ts.forEachChild(node, visit);
    };
    for (const s of statements) visit(s.statement);
    const lines = [];
    for (const imp of imports) {
      const clause = imp.statement.importClause;
      const spec = target(imp.spec, SPLIT_FROM);
      const to = spec === undefined ? imp.spec : specifier(MOVED_MODULES.get(spec) ?? spec, file, false);
      if (clause?.namedBindings && ts.isNamedImports(clause.namedBindings)) {
        const wanted = clause.namedBindings.elements.filter((e) => used.has(e.name.text)).map((e) => e.getText());
        if (wanted.length) lines.push(`import ${clause.isTypeOnly ? 'type ' : ''}{ ${wanted.join(', ')} } from '${to}';`);
      } else if (imp.names.some((n) => used.has(n))) {
        lines.push(`import ${clause.getText()} from '${to}';`);
      }
    }
    const fromOthers = new Map();
    for (const name of used) {
      const home = declaredIn.get(name);
      if (home && home !== file) {
        if (!fromOthers.has(home)) fromOthers.set(home, []);
        fromOthers.get(home).push(name);
      }
    }
    for (const [home, names] of fromOthers) lines.push(`import { ${names.sort().join(', ')} } from '${specifier(stripTs(home), file, false)}';`);
    // A name another part now imports must be exported.
    const body = statements
      .map(({ text: t, statement }) => {
        const names = ts.isVariableStatement(statement) ? statement.declarationList.declarations.map((d) => d.name.getText()) : [statement.name?.text];
        const importedElsewhere = [...parts].some(([other, ss]) => other !== file && ss.some((s) => s.text.match(new RegExp(`\\b${names[0]}\\b`))));
        const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
        return importedElsewhere && !exported ? t.replace(/^((?:\s*\/\/[^\n]*\n|\s*\/\*[\s\S]*?\*\/\s*\n)*\s*)/, '$1export ') : t;
      })
      .join('\n\n');
    const domain = file.split('/')[1];
    const intro =
      `// The ${domain} records: zod/mini schemas of what its operations' \`data\` holds, shared by the handlers'\n` +
      "// `reply`, the API document and the console; each is a plain JSON shape (dates are ISO strings).";
    const out = join(ROOT, file);
    mkdirSync(dirname(out), { recursive: true });
    const existing = existsSync(out) ? `${readFileSync(out, 'utf8').trimEnd()}\n\n` : '';
    writeFileSync(out, existing ? `${existing}${lines.join('\n')}\n\n${body}\n` : `${intro}\n${lines.join('\n')}\n\n${body}\n`);
  }
  execFileSync('git', ['rm', '-q', SPLIT_FROM], { cwd: ROOT });
  return parts.size;
}

// 2. Rewrite imports everywhere (the moved files' own imports too, from where they will be).
const IMPORT = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|doMock|importActual)\s*\(\s*)(['"])([^'"\n]+)\2/g;
// import { a, type b } from '...records'; import type { a } from ...; export { a } from ...
const NAMED = /^(import|export)(\s+type)?\s*\{([^}]*)\}\s*from\s*(['"])([^'"\n]+)\4;?[ \t]*$/gm;

const DONE = '\u0000';

function rewrite(file) {
  const path = join(ROOT, file);
  const before = readFileSync(path, 'utf8');
  const to = finalPath(file);
  let after = before;
  if (/\.(ts|tsx|mjs)$/.test(file)) {
    // Named imports of the split file: one statement per new home.
    after = after.replace(NAMED, (whole, kind, typeOnly = '', list, quote, spec) => {
      const old = target(spec, file);
      if (old === undefined || stripTs(old) !== SPLIT_MODULE) return whole;
      const byHome = new Map();
      for (const raw of list.split(',').map((s) => s.trim()).filter(Boolean)) {
        const name = raw.replace(/^type\s+/, '').split(/\s+as\s+/)[0];
        const home = HOME.get(name);
        if (!home) throw new Error(`${file}: ${name} is not in RECORDS (scripts/shared/move.mjs)`);
        if (!byHome.has(home)) byHome.set(home, []);
        byHome.get(home).push(raw);
      }
      return [...byHome]
        // DONE marks a specifier already written for the file's final place (the pass below skips it).
        .map(([home, names]) => `${kind}${typeOnly} { ${names.join(', ')} } from ${quote}${DONE}${specifier(stripTs(home), to, spec.startsWith('#'))}${quote};`)
        .join('\n');
    });
    after = after.replace(IMPORT, (whole, lead, quote, spec) => {
      const old = target(spec, file);
      if (old === undefined) return whole;
      const oldModule = stripTs(old);
      if (oldModule === SPLIT_MODULE) throw new Error(`${file}: imports ${spec} other than by name; give it its new homes by hand`);
      const moved = MOVED_MODULES.get(oldModule);
      if (!moved && to === file) return whole;
      return `${lead}${quote}${specifier(moved ?? oldModule, to, spec.startsWith('#'))}${quote}`;
    });
    after = after.split(DONE).join('');
  }
  // Paths named in comments and docs.
  for (const [from, dest] of MOVES) after = after.split(from).join(dest);
  after = after.split('shared/schemas/records.ts').join('shared/<domain>/records.ts');
  if (after !== before) writeFileSync(path, after);
  return after !== before;
}

const parts = split();
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx', '*.mjs', '*.md'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean)
  .filter((file) => existsSync(join(ROOT, file)))
  .filter((file) => file !== 'scripts/shared/move.mjs')
  .filter((file) => /^(functions|web|shared|scripts|infra|test|docs)\/|^README\.md$/.test(file))
  .filter((file) => !(MOVES.has(file) && existsSync(join(ROOT, MOVES.get(file)))));
let changed = 0;
for (const file of files) if (rewrite(file)) changed++;

let moved = 0;
for (const [from, to] of MOVES) {
  if (!existsSync(join(ROOT, from)) || existsSync(join(ROOT, to))) continue;
  mkdirSync(dirname(join(ROOT, to)), { recursive: true });
  execFileSync('git', ['mv', from, to], { cwd: ROOT });
  moved++;
}
if (existsSync(join(ROOT, 'shared/schemas')) && !execFileSync('git', ['ls-files', 'shared/schemas'], { cwd: ROOT, encoding: 'utf8' }).trim()) {
  rmSync(join(ROOT, 'shared/schemas'), { recursive: true, force: true });
}
console.log(`shared: records.ts split into ${parts} files, ${moved} files moved, ${changed} files rewritten`);
