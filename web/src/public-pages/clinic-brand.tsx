// The clinic's logo and colour on its public pages (issue 34), as its mails already carry them
// (functions/lib/mail-layout.ts). Each page mounts ClinicBrandBar in place of the bare language
// switcher, with the brand from the first answer that carries it (the booking page's first day, the
// form, the request page, the manage view).
//
// No layout shift: the bar (logo at the start, language at the end) has its height from the first
// paint (prerendered, before any answer), the logo's height is fixed and it grows along the bar's
// empty middle, so nothing moves when it arrives or loads. The colour is custom properties on <html>
// (app.css "A clinic's colour") read by the buttons and accents: no re-render of the page.
//
// Contrast (WCAG 2): the filled buttons take the clinic's colour with white or black text, whichever
// reads (shared/brand.ts textColorOn, 4.5:1 or more); text and outlines in the colour (links, outline
// buttons, prices) use it where it reads on the page's light or dark surfaces, else the nearest darker
// (light mode) or lighter (dark mode) shade that does.
import { useLayoutEffect, useState } from 'react';
import { contrastRatio, isBrandColor, textColorOn } from '#shared/brand';
import type { ReplyOf } from '#shared/api-contract';
import { LanguageSwitcher } from '../i18n/i18n';

/** The clinic's logo path and colour, as the public replies carry them (shared/<domain>/records.ts publicBrandRecord). */
export type PublicBrand = ReplyOf<'GET /leads/forms/{formId}'>['organizationBrand'];

/** The surfaces the accents sit on (app.css: body, page, cards; light and dark). */
const LIGHT_SURFACES = ['#ffffff', '#f4f6fa'];
const DARK_SURFACES = ['#1b1c22', '#131419', '#24252d'];
const DARK_CARD = '#1b1c22';

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
/** `a` moved a fraction `t` of the way to `b`. */
const mix = (a: string, b: string, t: number) => {
  const [x, y] = [channels(a), channels(b)];
  return toHex(x.map((c, i) => c + (y[i] - c) * t));
};
const rgbOf = (hex: string) => channels(hex).join(', ');

/** The colour itself if it reads (4.5:1) on every one of the surfaces, else the nearest shade toward `toward` that does. */
export function readableOn(color: string, surfaces: string[], toward: string, min = 4.5): string {
  for (let step = 0; step <= 20; step++) {
    const shade = mix(color, toward, step / 20);
    if (surfaces.every((s) => contrastRatio(shade, s) >= min)) return shade;
  }
  return toward;
}

/** The custom properties of a clinic's colour (app.css reads them under html[data-clinic-brand]). */
export function brandProperties(color: string): Record<string, string> {
  const base = color.toLowerCase();
  const text = textColorOn(base);
  // Hover and press move away from the text colour, so the text keeps (or gains) its contrast.
  const away = text === '#ffffff' ? '#000000' : '#ffffff';
  const light = readableOn(base, LIGHT_SURFACES, '#000000');
  const dark = readableOn(base, DARK_SURFACES, '#ffffff');
  return {
    '--clinic-btn-bg': base,
    '--clinic-btn-color': text,
    '--clinic-btn-hover-bg': mix(base, away, 0.12),
    '--clinic-btn-active-bg': mix(base, away, 0.22),
    '--clinic-rgb': rgbOf(base),
    '--clinic-accent-l': light,
    '--clinic-accent-l-rgb': rgbOf(light),
    '--clinic-subtle-l': mix(base, '#ffffff', 0.88),
    '--clinic-border-l': mix(base, '#ffffff', 0.6),
    '--clinic-accent-d': dark,
    '--clinic-accent-d-rgb': rgbOf(dark),
    '--clinic-subtle-d': mix(base, DARK_CARD, 0.8),
    '--clinic-border-d': mix(base, DARK_CARD, 0.5),
  };
}

/** Puts the clinic's colour on the page (and takes it off when the page goes or the colour changes). */
function useBrandColour(color: string | null | undefined) {
  // Before paint: the answer's render and its colours appear together.
  useLayoutEffect(() => {
    if (!isBrandColor(color)) return;
    const root = document.documentElement;
    const properties = brandProperties(color);
    for (const [name, value] of Object.entries(properties)) root.style.setProperty(name, value);
    root.setAttribute('data-clinic-brand', '');
    return () => {
      root.removeAttribute('data-clinic-brand');
      for (const name of Object.keys(properties)) root.style.removeProperty(name);
    };
  }, [color]);
}

/**
 * The top of a public page: the clinic's logo at the start (once its answer has come; its name is the
 * image's text), the language switcher at the end. `brand` undefined: not known yet (the first paint).
 */
export function ClinicBrandBar({ brand, name }: { brand?: PublicBrand | null; name?: string | null }) {
  useBrandColour(brand?.color);
  const [broken, setBroken] = useState<string>();
  const logo = brand?.logoUrl && brand.logoUrl !== broken ? brand.logoUrl : null;
  return (
    <div className="clinic-brand-bar d-flex align-items-center gap-3 mb-2">
      {logo && <img className="clinic-logo" src={logo} alt={name ?? ''} height={40} decoding="async" data-testid="clinic-logo" onError={() => setBroken(logo)} />}
      {/* Its own logical margin: Bootstrap's ms-auto is a left margin even right to left, where the
          switcher would then sit against the logo and move as it loads. */}
      <div className="clinic-brand-end">
        <LanguageSwitcher />
      </div>
    </div>
  );
}
