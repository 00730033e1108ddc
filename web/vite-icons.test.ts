// The icon subset of the console's build (vite-icons.ts): the icons the app spells are there, in a
// small font, and the others are not.
import { join } from 'node:path';
import subsetFont from 'subset-font';
import { describe, expect, it } from 'vitest';
import { iconSubset, sourcesUnder, usedIcons } from './vite-icons';

const sources = sourcesUnder(join(import.meta.dirname, 'src'));

/** Whether the font draws this character: a subset to it alone holds more than the empty glyph. */
async function draws(font: Buffer, char: string): Promise<boolean> {
  const [only, none] = await Promise.all([subsetFont(font, char, { targetFormat: 'truetype' }), subsetFont(font, '', { targetFormat: 'truetype' })]);
  return only.length > none.length;
}

describe('icon subset', () => {
  it('finds the icons the sources spell, and only real icon names', () => {
    expect(usedIcons(['<i className="bi bi-eye" />', "icon: 'bi-calendar2-check'", 'bi-not-an-icon', 'abi-eye'])).toEqual(['calendar2-check', 'eye']);
    const used = usedIcons(sources);
    // The password field's toggle and the sidebar's menu icons.
    expect(used).toEqual(expect.arrayContaining(['eye', 'eye-slash', 'grid-1x2', 'box-arrow-right']));
    expect(used.length).toBeLessThan(200);
  });

  it('keeps the used icons in a small font and drops the rest', async () => {
    const { css, font } = await iconSubset(usedIcons(sources));
    expect(css).toContain('.bi-eye::before{content:"\\f341"}');
    expect(css).not.toContain('.bi-alarm::before');
    expect(css).toMatch(/\.bi::before,[^{]*\{[^}]*font-family: bootstrap-icons !important;/);
    expect(font.length).toBeLessThan(20_000);
    expect(await draws(font, '\u{f341}')).toBe(true); // bi-eye
    expect(await draws(font, '\u{f102}')).toBe(false); // bi-alarm, unused
  });

  it('refuses a name that is no icon', async () => {
    await expect(iconSubset(['not-an-icon'])).rejects.toThrow('Not Bootstrap icons: not-an-icon');
  });
});
