// Writes the server catalogues (functions/lib/i18n/<locale>.ts) as functions/lib/i18n/<locale>.json, the
// form the functions load (one language at a time, see functions/lib/i18n.ts). Run after changing a
// catalogue: npx tsx scripts/pack-server-catalogues.ts (functions/lib/i18n.test.ts fails while a file is behind).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '../shared/i18n/locales';
import { catalogueJson } from '../functions/lib/i18n/catalogues';

for (const locale of LOCALES) {
  const file = join(import.meta.dirname, '..', 'functions', 'lib', 'i18n', `${locale}.json`);
  writeFileSync(file, catalogueJson(locale));
  console.log(`Wrote ${file}`);
}
