// The clinic's brand colour for its mails (issue 26): a hex colour, and the text colour that reads on
// it. Dependency-free: the mail layout (functions/lib/mail-layout.ts, in the outbox worker's tight
// bundle) and the console's preview use the same rule, so the preview shows what the mail will.

/** Mails of a clinic that chose no colour (the console's primary colour). */
export const DEFAULT_BRAND_COLOR = '#1b6b4a';

/** '#1b6b4a': six hex digits, as <input type="color"> gives them. */
export const BRAND_COLOR = /^#[0-9a-fA-F]{6}$/;

export const isBrandColor = (value: unknown): value is string => typeof value === 'string' && BRAND_COLOR.test(value);

/** WCAG 2 relative luminance of '#rrggbb'. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two '#rrggbb' colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#000000';

/**
 * The text colour of the header and buttons on `color`: white or black, whichever contrasts more.
 * One of the two always reaches 4.58:1 (the worst colour sits where both are equal), so AA (4.5:1)
 * holds for any colour the clinic picks.
 */
export const textColorOn = (color: string): string => (contrastRatio(color, LIGHT_TEXT) >= contrastRatio(color, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT);

/** The colour a clinic's mails use: its own when valid, else the default. */
export const brandColorOf = (org: { brandColor?: string | null }) => (isBrandColor(org.brandColor) ? org.brandColor.toLowerCase() : DEFAULT_BRAND_COLOR);
