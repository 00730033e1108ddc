// The import graph of the server code (functions/ and shared/) and the circles in it. A circle makes
// the order ES modules are evaluated in depend on which file is loaded first, so a constant read at
// load time can be undefined (or in its temporal dead zone) in one entry point and fine in another.
// functions/import-cycles.test.ts fails on any circle; `npx tsx scripts/imports/graph.ts` lists them.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const ROOT = join(import.meta.dirname, '..', '..');

/** An edge of the graph: `from` imports `to` (paths relative to the root); `typeOnly` when erased at build. */
export interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

/** Whether an import or export declaration is erased (verbatimModuleSyntax keeps every other one). */
function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return Boolean(bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly));
}

/** The specifiers a file imports or re-exports from, statically or with `import()`. */
function specifiersOf(file: string): { specifier: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: isTypeOnly(node) });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The import graph of the files under `folders`, resolved as tsconfig.json resolves them (#lib/*, #http/*, #shared/*). */
export function importGraph(folders: readonly string[] = ['functions', 'shared']): Edge[] {
  const configPath = join(ROOT, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } });
  if (!config) throw new Error('tsconfig.json could not be read');
  const inside = (path: string) => folders.some((f) => path === f || path.startsWith(`${f}/`));
  const files = config.fileNames.map((f) => relative(ROOT, f)).filter((f) => inside(f) && /\.tsx?$/.test(f) && !f.endsWith('.d.ts'));
  const host = ts.createModuleResolutionCache(ROOT, (s) => s, config.options);
  const edges: Edge[] = [];
  for (const from of files) {
    for (const { specifier, typeOnly } of specifiersOf(join(ROOT, from))) {
      const resolved = ts.resolveModuleName(specifier, join(ROOT, from), config.options, ts.sys, host).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const to = relative(ROOT, resolved.resolvedFileName);
      if (inside(to)) edges.push({ from, to, typeOnly });
    }
  }
  return edges;
}

/**
 * Every circle of a graph, one per strongly connected part (Tarjan's algorithm), each as a path that
 * starts and ends at its smallest file: ['a.ts', 'b.ts', 'a.ts']. A file importing itself is one too.
 */
export function findCycles(edges: readonly Pick<Edge, 'from' | 'to'>[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, []);
    if (!next.has(to)) next.set(to, []);
    if (!next.get(from)!.includes(to)) next.get(from)!.push(to);
  }
  for (const targets of next.values()) targets.sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const parts: string[][] = [];
  const connect = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)!) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1 || next.get(v)!.includes(v)) parts.push(part);
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) connect(v);
  // One readable circle per part: the shortest way back from its smallest file, inside the part.
  return parts
    .map((part) => {
      const members = new Set(part);
      const start = [...part].sort()[0];
      const previous = new Map<string, string>();
      const queue = [start];
      for (let i = 0; i < queue.length; i++) {
        const v = queue[i];
        for (const w of next.get(v)!) {
          if (!members.has(w)) continue;
          if (w === start) {
            const path = [start];
            for (let u: string | undefined = v; u !== start && u !== undefined; u = previous.get(u)) path.splice(1, 0, u);
            return [...path, start];
          }
          if (!previous.has(w)) {
            previous.set(w, v);
            queue.push(w);
          }
        }
      }
      return [start, start];
    })
    .sort((a, b) => a[0].localeCompare(b[0]));
}

/** The folders of functions/ that are layers (docs/conventions.md, "Layers"); every other folder is a handler area. */
export const FUNCTION_LAYERS = ['lib', 'data', 'domain', 'http'] as const;

/** The handler area of a file (`functions/<area>/...`), or undefined for a layer, a top-level file or a file outside functions/. */
export function areaOf(path: string): string | undefined {
  const area = /^functions\/([^/]+)\//.exec(path)?.[1];
  return area && !(FUNCTION_LAYERS as readonly string[]).includes(area) ? area : undefined;
}

/** The imports from one handler area into another, tests aside (tests may cross areas). */
export function areaArrows(edges: readonly Edge[]): Edge[] {
  return edges.filter((e) => !/\.test\.tsx?$/.test(e.from) && areaOf(e.from) && areaOf(e.to) && areaOf(e.from) !== areaOf(e.to));
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const edges = importGraph();
  const all = findCycles(edges);
  const runtime = findCycles(edges.filter((e) => !e.typeOnly));
  console.log(`${edges.length} imports; ${all.length} circle(s) counting type-only imports, ${runtime.length} at run time`);
  for (const cycle of all) console.log(`  ${cycle.join(' -> ')}`);
  const arrows = areaArrows(edges);
  const pairs = new Set(arrows.map((e) => `${areaOf(e.from)} -> ${areaOf(e.to)}`));
  console.log(`${arrows.length} import(s) between handler areas of functions/, ${pairs.size} pair(s) of areas`);
  for (const e of arrows) console.log(`  ${e.from} -> ${e.to}`);
}
