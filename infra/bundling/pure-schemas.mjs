// The SDK's generated schema modules (`@aws-sdk/client-*/dist-es/schemas/schemas_0.js`) declare one
// array per shape of the whole service, many with computed keys (`{ [_h]: ["POST", ...] }`). esbuild
// cannot prove a computed key free of side effects, so it keeps every shape and every name string:
// about 47 KB of SES v2 and 58 KB of S3 a function never uses. Wrapping each top-level array or
// object declaration in a /* @__PURE__ */ IIFE lets esbuild drop the ones nothing references; what
// is kept evaluates exactly as before, in the same order.
import { readFile } from 'node:fs/promises';

const DECLARATION = /^(?:export )?(?:var|const|let) [\w$]+ = (?=[[{])/gm;

/** Index just past the `;` that ends the statement whose expression starts at `start`. */
function statementEnd(text, start) {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '[' || c === '{' || c === '(') depth++;
    else if (c === ']' || c === '}' || c === ')') depth--;
    else if (c === ';' && depth === 0) return i + 1;
  }
  throw new Error(`pure-schemas: unterminated declaration at ${start}`);
}

/** The module's text with each top-level array/object declaration made a pure call. */
export function markSchemasPure(text) {
  let out = '';
  let last = 0;
  DECLARATION.lastIndex = 0;
  for (let m; (m = DECLARATION.exec(text)); ) {
    const expressionStart = m.index + m[0].length;
    const end = statementEnd(text, expressionStart);
    out += `${text.slice(last, expressionStart)}/* @__PURE__ */ (() => (${text.slice(expressionStart, end - 1)}))();`;
    last = end;
    DECLARATION.lastIndex = end;
  }
  return out + text.slice(last);
}

export const SCHEMA_MODULE = /[\\/]@aws-sdk[\\/]client-[^\\/]+[\\/]dist-es[\\/]schemas[\\/]schemas_\d+\.js$/;

/** esbuild plugin applying markSchemasPure to the SDK clients' schema modules. */
export const pureSchemasPlugin = {
  name: 'pure-sdk-schemas',
  setup(build) {
    build.onLoad({ filter: SCHEMA_MODULE }, async (args) => ({
      contents: markSchemasPure(await readFile(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};
