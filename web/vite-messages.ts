// The public pages' catalogues (src/i18n/messages/<locale>.json, ICU MessageFormat) compiled at build:
// each message becomes intl-messageformat's AST, so the pages' builds alias the parser away
// (MESSAGE_PARSER_ALIAS) and ship only the formatter (about 4 KB gzip instead of 8). A message that
// does not parse fails the build. Tests load the JSON as written (the formatter parses it then).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Alias, Plugin } from 'vite';

const CATALOGUE = /[\\/]src[\\/]i18n[\\/]messages[\\/][a-z]{2}\.json$/;

/** A catalogue's messages as their AST (JSON), or an error naming the message that does not parse. */
export function compileCatalogue(source: string, file = 'catalogue'): string {
  const messages = JSON.parse(source) as Record<string, string>;
  const compiled: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(messages)) {
    try {
      compiled[key] = parse(message);
    } catch (error) {
      throw new Error(`${file}: message ${key} does not parse: ${(error as Error).message}`, { cause: error });
    }
  }
  return JSON.stringify(compiled);
}

export function compiledMessages(): Plugin {
  return {
    name: 'clinic-compiled-messages',
    enforce: 'pre',
    // Loaded as the compiled JSON: Vite's JSON plugin then makes it a module as usual.
    load(id) {
      const file = id.split('?')[0];
      if (!CATALOGUE.test(file)) return null;
      return compileCatalogue(readFileSync(file, 'utf8'), file);
    },
  };
}

/** intl-messageformat without the ICU parser: every message it gets is compiled already. */
export const MESSAGE_PARSER_ALIAS: Alias = {
  find: /^@formatjs\/icu-messageformat-parser$/,
  // The package's own parser-less entry (an ES module, like the `.` entry it replaces; since version 3 the
  // package exports it and no longer its package.json).
  replacement: createRequire(import.meta.url).resolve('@formatjs/icu-messageformat-parser/no-parser.js'),
};
