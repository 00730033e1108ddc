// Every API call the console and the public pages make, read from web/src with the TypeScript
// compiler: api.get/post/put/patch/delete(path, body?), fetcher(path), useSWR(key), useApi(key) and
// useSWRInfinite(getKey) with the default or an explicit fetcher, and fetch('/api/...'). Paths are resolved through constants, key helpers
// (`const appointmentKey = (id) => \`/appointments/${id}\``), conditionals and template literals
// (a substitution becomes {param}, a query string is dropped). For each JSON body the type the web
// sends is checked against the input type of the schema the handler validates (endpoint({ body })).
// scripts/openapi/web-calls.test.ts compares all of it with the generated API document.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import type { HttpMethod } from '../../functions/routes';

const ROOT = join(import.meta.dirname, '..', '..');
const WEB_SRC = join(ROOT, 'web', 'src');
const FUNCTIONS = join(ROOT, 'functions');

export interface WebCall {
  /** file:line of the call. */
  at: string;
  method: HttpMethod;
  /** Below /api, parameters as {param}; undefined when the path cannot be told from the source. */
  path?: string;
  /** The body argument of api.post/put/patch, for the type check. */
  body?: ts.Expression;
}

const API_METHODS: Record<string, HttpMethod> = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE' };
const FETCHERS = new Set(['fetcher', 'backgroundFetcher']);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

export const webSourceFiles = () => walk(WEB_SRC).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes(`${join('src', 'testing')}`));

/** One program with the web sources and the handlers (for their body schemas' types). */
export function createProgram(handlerFiles: string[]): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
  return ts.createProgram({ rootNames: [...webSourceFiles(), ...handlerFiles.map((h) => join(FUNCTIONS, `${h}.ts`))], options: config.options });
}

/** The possible string values of an expression (`{param}` for what is only known at run time). */
function pathValues(checker: ts.TypeChecker, expr: ts.Expression, depth = 0): string[] | undefined {
  if (depth > 12) return undefined; // each `as const` of a key helper is a level too
  const next = (e: ts.Expression) => pathValues(checker, e, depth + 1);
  if (isCast(expr)) return next(expr.expression);
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [expr.text];
  if (expr.kind === ts.SyntaxKind.NullKeyword || expr.kind === ts.SyntaxKind.FalseKeyword || expr.kind === ts.SyntaxKind.UndefinedKeyword) return [];
  if (ts.isConditionalExpression(expr)) {
    const [a, b] = [next(expr.whenTrue), next(expr.whenFalse)];
    return a && b ? [...a, ...b] : undefined;
  }
  if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) return next(expr.right);
  if (ts.isTemplateExpression(expr)) {
    let texts = [expr.head.text];
    for (const span of expr.templateSpans) {
      const inner = constantOf(checker, span.expression, depth);
      texts = texts.flatMap((t) => (inner ?? ['{param}']).map((v) => t + v + span.literal.text));
    }
    return texts;
  }
  if (ts.isIdentifier(expr) || ts.isPropertyAccessExpression(expr)) {
    const init = initializerOf(checker, expr);
    return init ? next(init) : undefined;
  }
  if (ts.isCallExpression(expr)) {
    const fn = initializerOf(checker, expr.expression);
    return fn ? returnedValues(checker, fn, depth + 1) : undefined;
  }
  return undefined;
}

/** What a key function returns (`(id) => \`/x/${id}\``, or every `return` of a block body). */
function returnedValues(checker: ts.TypeChecker, fn: ts.Expression, depth: number): string[] | undefined {
  // A key function kept in a const (`const pageKey = (index, previous) => ...`) is read where it is written.
  if (ts.isIdentifier(fn)) fn = initializerOf(checker, fn) ?? fn;
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return undefined;
  if (!ts.isBlock(fn.body)) return pathValues(checker, fn.body, depth);
  const returned: ts.Expression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node)) return; // an inner function's returns are not this one's
    if (ts.isReturnStatement(node) && node.expression) returned.push(node.expression);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  const values = returned.map((e) => pathValues(checker, e, depth));
  return values.every((v) => v !== undefined) ? values.flat() : undefined;
}

/** A substitution that is itself a known path (`${APPOINTMENTS_KEY}`, `${appointmentKey(id)}`), else undefined. */
function constantOf(checker: ts.TypeChecker, expr: ts.Expression, depth: number): string[] | undefined {
  if (!ts.isIdentifier(expr) && !ts.isPropertyAccessExpression(expr) && !ts.isCallExpression(expr)) return undefined;
  const values = pathValues(checker, expr, depth + 1);
  return values?.length && values.every((v) => v.startsWith('/')) ? values : undefined;
}

/** The initializer of the const an identifier names (through imports). */
function initializerOf(checker: ts.TypeChecker, expr: ts.Expression): ts.Expression | undefined {
  let symbol = checker.getSymbolAtLocation(expr);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const decl = symbol?.valueDeclaration;
  if (decl && ts.isVariableDeclaration(decl) && decl.initializer && ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const) return decl.initializer;
  return undefined;
}

/** `/api/x?y` and `/x?y` -> `/x`. */
const apiPath = (value: string) => value.replace(/^\/api(?=\/)/, '').replace(/\?.*$/, '');

/** The function declaration a node is in (for helpers that take the path from their caller). */
function enclosingFunctionName(node: ts.Node): string | undefined {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) if (ts.isFunctionDeclaration(n) && n.name) return n.name.text;
  return undefined;
}

export function collectWebCalls(program: ts.Program): WebCall[] {
  const checker = program.getTypeChecker();
  const calls: WebCall[] = [];
  /** Helpers whose path is their first argument (`usePaged(base)`): their callers are the calls. */
  const forwarders = new Map<string, HttpMethod>();
  const client = [join('lib', 'api.ts'), join('lib', 'swr.ts')]; // the client itself: its paths are its callers'
  const files = webSourceFiles().filter((file) => !client.includes(relative(WEB_SRC, file)));
  const scan = (pass: 'calls' | 'forwarded') => {
    for (const file of files) {
      const source = program.getSourceFile(file)!;
      const visit = (node: ts.Node) => {
        if (ts.isCallExpression(node)) inspect(node, source, pass);
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  };
  const inspect = (node: ts.CallExpression, source: ts.SourceFile, pass: 'calls' | 'forwarded') => {
    const at = `${relative(ROOT, source.fileName)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const callee = node.expression;
    const record = (method: HttpMethod, values: string[] | undefined, body?: ts.Expression) => {
      const helper = enclosingFunctionName(node);
      if (values?.length && values.every((v) => v.startsWith('{param}')) && helper) {
        forwarders.set(helper, method);
        return;
      }
      if (values === undefined) calls.push({ at, method, body });
      for (const value of values ?? []) calls.push({ at, method, path: apiPath(value), body });
    };
    const add = (method: HttpMethod, arg: ts.Expression | undefined, body?: ts.Expression) => record(method, arg ? pathValues(checker, arg) : undefined, body);
    const isFetcher = (arg: ts.Expression | undefined) => !arg || (ts.isIdentifier(arg) && FETCHERS.has(arg.text)) || forwardsKeyToFetcher(arg);
    if (pass === 'forwarded') {
      if (ts.isIdentifier(callee) && forwarders.has(callee.text)) add(forwarders.get(callee.text)!, node.arguments[0]);
      return;
    }
    if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'api' && API_METHODS[callee.name.text]) {
      const method = API_METHODS[callee.name.text];
      add(method, node.arguments[0], method === 'GET' || method === 'DELETE' ? undefined : node.arguments[1]);
    } else if (ts.isIdentifier(callee) && FETCHERS.has(callee.text)) {
      // Inside a useSWRInfinite fetcher of its own, the key it forwards is read from the key function.
      if (!isSwrInfiniteKeyParameter(node.arguments[0])) add('GET', node.arguments[0]);
    } else if (ts.isIdentifier(callee) && callee.text === 'useSWR') {
      // With no fetcher the console's SWRConfig one (fetcher) GETs the key.
      if (isFetcher(node.arguments[1])) add('GET', node.arguments[0]);
    } else if (ts.isIdentifier(callee) && callee.text === 'useApi') {
      add('GET', node.arguments[0]); // lib/swr.ts: useSWR(key, fetcher), typed from the contract
    } else if (ts.isIdentifier(callee) && callee.text === 'useSWRInfinite') {
      // Its first argument returns the key of each page.
      if (node.arguments[0] && isFetcher(node.arguments[1])) record('GET', returnedValues(checker, node.arguments[0], 0));
    } else if (ts.isIdentifier(callee) && callee.text === 'fetch') {
      const init = node.arguments[1];
      const methodProp = init && ts.isObjectLiteralExpression(init) ? init.properties.find((p) => p.name?.getText() === 'method') : undefined;
      const method = methodProp && ts.isPropertyAssignment(methodProp) && ts.isStringLiteral(methodProp.initializer) ? (methodProp.initializer.text as HttpMethod) : 'GET';
      add(method, node.arguments[0]);
    }
  };
  scan('calls');
  if (forwarders.size) scan('forwarded');
  return calls;
}

/** `(x)`, `x as T`, `x satisfies T`, `x!`: the same value as `x`. */
function isCast(node: ts.Expression): node is ts.ParenthesizedExpression | ts.AsExpression | ts.SatisfiesExpression | ts.NonNullExpression {
  return ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isNonNullExpression(node);
}

/** `x` out of any number of casts around it. */
function withoutCasts(node: ts.Expression): ts.Expression {
  while (isCast(node)) node = node.expression;
  return node;
}

/** A fetcher written inline for useSWRInfinite, `(key) => ... fetcher(key) ...`: it still GETs each page's key. */
function forwardsKeyToFetcher(arg: ts.Expression): boolean {
  if (!ts.isArrowFunction(arg) && !ts.isFunctionExpression(arg)) return false;
  const key = arg.parameters[0]?.name;
  if (!key || !ts.isIdentifier(key)) return false;
  let found = false;
  const visit = (node: ts.Node) => {
    if (found) return;
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && FETCHERS.has(node.expression.text)) {
      const first = node.arguments[0] && withoutCasts(node.arguments[0]);
      if (first && ts.isIdentifier(first) && first.text === key.text) found = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(arg.body);
  return found;
}

/** Whether `arg` is the key parameter of an inline fetcher given to useSWRInfinite (forwardsKeyToFetcher). */
function isSwrInfiniteKeyParameter(arg: ts.Expression | undefined): boolean {
  const value = arg && withoutCasts(arg);
  if (!value || !ts.isIdentifier(value)) return false;
  for (let node: ts.Node | undefined = value.parent; node; node = node.parent) {
    if (!ts.isArrowFunction(node) && !ts.isFunctionExpression(node)) continue;
    const key = node.parameters[0]?.name;
    const call = node.parent;
    return !!key && ts.isIdentifier(key) && key.text === value.text && ts.isCallExpression(call) && ts.isIdentifier(call.expression) && call.expression.text === 'useSWRInfinite' && call.arguments[1] === node;
  }
  return false;
}

/** The input type of the body schema a handler passes to endpoint({ body }), if any. */
export function handlerBodyType(program: ts.Program, handler: string): ts.Type | undefined {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(join(FUNCTIONS, `${handler}.ts`));
  if (!source) return undefined;
  let bodyType: ts.Type | undefined;
  const visit = (node: ts.Node) => {
    if (bodyType) return;
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'endpoint') {
      const options = node.arguments[0];
      const body = options && ts.isObjectLiteralExpression(options) ? options.properties.find((p) => p.name?.getText() === 'body') : undefined;
      const expr = body && ts.isPropertyAssignment(body) ? body.initializer : body && ts.isShorthandPropertyAssignment(body) ? body.name : undefined;
      if (expr) {
        const internals = checker.getTypeAtLocation(expr).getProperty('_zod');
        const input = internals && checker.getTypeOfSymbolAtLocation(internals, expr).getProperty('input');
        if (input) bodyType = checker.getTypeOfSymbolAtLocation(input, expr);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return bodyType;
}

/** Whether the body the web sends fits the schema's input; the two types for the message when not. */
export function checkBody(program: ts.Program, call: WebCall, expected: ts.Type): string | undefined {
  if (!call.body) return undefined;
  const checker = program.getTypeChecker();
  const sent = checker.getTypeAtLocation(call.body);
  if (checker.isTypeAssignableTo(sent, expected)) return undefined;
  return `${call.at}: ${call.method} ${call.path} sends ${checker.typeToString(sent)}, the handler's schema takes ${checker.typeToString(expected)}`;
}
