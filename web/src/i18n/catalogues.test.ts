// The public pages' catalogues agree with English: the same keys, the same ICU arguments. A key
// missing in any language fails here (and a message that does not parse fails the build too:
// web/vite-messages.ts).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueDifferences } from '#shared/i18n/catalogue-check';
import { LOCALES } from '#shared/i18n/locales';
import { compileCatalogue } from '../../vite-messages';
import { translator, type Messages } from './i18n';

const folder = join(import.meta.dirname, 'messages');
const read = (locale: string) => JSON.parse(readFileSync(join(folder, `${locale}.json`), 'utf8')) as Record<string, string>;

describe('public page catalogues', () => {
  it('has one catalogue per language, and none else', () => {
    expect(readdirSync(folder).sort()).toEqual(LOCALES.map((l) => `${l}.json`).sort());
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every English key with the same arguments', (locale) => {
    expect(catalogueDifferences(read('en'), read(locale))).toEqual([]);
  });

  it('reports a missing key and a renamed argument', () => {
    expect(catalogueDifferences({ a: 'Hi {name}', b: 'x' }, { a: 'Hola {nombre}' })).toEqual(['a: arguments nombre:argument instead of name:argument', 'missing b']);
  });

  it.each(LOCALES)('%s compiles as the build compiles it, and formats from the AST', (locale) => {
    const compiled = JSON.parse(compileCatalogue(JSON.stringify(read(locale)))) as Messages;
    const t = translator(locale, compiled);
    expect(t('common.minutes', { count: 7 })).toMatch(/7|٧/);
    expect(t('booking.month.noneFree', { month: 'X' })).toContain('X');
  });

  it('chooses plural forms by language', () => {
    const en = translator('en', read('en') as Messages);
    const ar = translator('ar', read('ar') as Messages);
    expect(en('booking.month.dayLabel', { date: 'Monday, March 2', count: 1 })).toBe('Monday, March 2: 1 free time');
    expect(en('booking.month.dayLabel', { date: 'Monday, March 2', count: 3 })).toBe('Monday, March 2: 3 free times');
    expect(ar('common.minutes', { count: 2 })).toBe('دقيقتان');
    expect(ar('common.minutes', { count: 5 })).toBe('5 دقائق');
  });
});
