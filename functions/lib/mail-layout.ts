// The HTML of every mail (issue 26): the call sites write plain-text paragraphs (the text part, sent
// as written) and this layout wraps them in the clinic's header (name, logo, brand colour).
//
// Hand-written rather than a template library: the outbox worker, which sends most mail, was 343.7 KB
// of its 350 KB budget before this; preact + preact-render-to-string add 17.3 KB, Handlebars 108 KB,
// html-to-text 191 KB. This file adds about 3 KB. Everything from outside (the text, the clinic's
// name, the logo address) is escaped here, once; the colour is used only when it is a valid hex.
//
// Mail clients: tables for layout (Outlook's Word engine ignores most CSS), inline styles (Gmail
// keeps a <style> block but not every client does), one fluid column of at most 600 px, 16 px text.
// Dark mode: `color-scheme` says the mail supports both, and a prefers-color-scheme block (plus
// Outlook.com's [data-ogsc] prefix) turns the card dark; no words are in images (the logo has the
// clinic's name as its alt text, and the name is written beside it).
// Language: the document says the text's language (`lang`, for screen readers and hyphenation) and its
// direction (`dir`): an Arabic mail reads right to left, its details bar on the right. `dir` is set on
// the html element and again on the cells, since Gmail drops the html element's attributes.
import { brandColorOf, contrastRatio, textColorOn } from '#shared/brand';
import { DEFAULT_LOCALE, isRtl, type Locale } from '#shared/i18n/locales';

export interface MailBrand {
  /** The clinic's name (the header's text). */
  name: string;
  /** Absolute address of the logo (PNG or JPEG), if the clinic uploaded one. */
  logoUrl?: string;
  /** '#rrggbb'; anything else falls back to the default colour. */
  color?: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const URL_PATTERN = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/** A line's text escaped, with its web addresses as links. */
function inline(line: string, linkColor: string): string {
  let out = '';
  let last = 0;
  for (const m of line.matchAll(URL_PATTERN)) {
    out += escapeHtml(line.slice(last, m.index));
    out += `<a href="${escapeHtml(m[0])}" class="link" style="color:${linkColor};text-decoration:underline;word-break:break-all">${escapeHtml(m[0])}</a>`;
    last = m.index + m[0].length;
  }
  return out + escapeHtml(line.slice(last));
}

const P_STYLE = 'margin:0 0 16px;font-size:16px;line-height:1.5';

/** Lines kept as lines. */
const paragraph = (text: string, linkColor: string, extra = '') =>
  `<p style="${P_STYLE}${extra}">${text.split('\n').map((l) => inline(l, linkColor)).join('<br>')}</p>`;

/** 'Package: Consultation\nDate: ...': every line a label and its value. */
const isDetails = (lines: string[]) => lines.length > 1 && lines.every((l) => /^[^:\n]{1,40}: \S/.test(l));

/**
 * A paragraph that opens with 'Label: <our own link>' (a manage link, an invitation) becomes a button;
 * only our own links, so text a stranger typed can never turn into one (issue 28). The address also
 * stays written out below it, for clients that do not show buttons well.
 */
function button(label: string, url: string, color: string): string {
  const text = label.replace(/^to\s+/i, '').replace(/^./, (c) => c.toUpperCase());
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 8px"><tr>` +
    `<td bgcolor="${color}" style="border-radius:6px;background:${color}">` +
    `<a href="${escapeHtml(url)}" class="btn" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;line-height:1.25;color:${textColorOn(color)};text-decoration:none;border-radius:6px">${escapeHtml(text)}</a>` +
    `</td></tr></table>`
  );
}

function block(text: string, color: string, linkColor: string, ownOrigin: string | undefined, rtl: boolean): string {
  const lines = text.split('\n');
  const action = /^([^:]{1,60}):\s*(https?:\/\/\S+)$/.exec(lines[0]);
  if (action && ownOrigin && action[2].startsWith(`${ownOrigin}/`)) {
    const rest = lines.slice(1).join('\n');
    return button(action[1], action[2], color) + paragraph(action[2], linkColor, ';font-size:14px') + (rest ? paragraph(rest, linkColor) : '');
  }
  // Details (a booking's date, time, reference): set off by a bar in the clinic's colour.
  if (isDetails(lines)) {
    const bar = rtl ? `;padding:8px 14px 8px 0;border-right:4px solid ${color}` : `;padding:8px 0 8px 14px;border-left:4px solid ${color}`;
    return paragraph(text, linkColor, bar);
  }
  return paragraph(text, linkColor);
}

const DARK_MODE_CSS =
  ':root{color-scheme:light dark;supported-color-schemes:light dark}' +
  'body,.bg{margin:0;padding:0;width:100%}' +
  '@media (max-width:620px){.pad{padding:20px 16px!important}}' +
  '@media (prefers-color-scheme:dark){body,.bg{background:#121416!important}.card{background:#1e2124!important;color:#e8eaed!important}.card p{color:#e8eaed!important}.card a.link{color:#8ab4f8!important}}' +
  '[data-ogsc] .card{background:#1e2124!important;color:#e8eaed!important}[data-ogsc] .card a.link{color:#8ab4f8!important}';

/**
 * The mail's HTML: `text` (paragraphs split by blank lines, lines kept) in the clinic's layout.
 * `ownOrigin`: the app's address, whose links may become buttons.
 */
export function renderMailHtml(text: string, brand: MailBrand, options: { subject?: string; ownOrigin?: string; locale?: Locale } = {}): string {
  const lang = options.locale ?? DEFAULT_LOCALE;
  const dir = isRtl(lang) ? 'rtl' : 'ltr';
  const align = dir === 'rtl' ? 'right' : 'left';
  const color = brandColorOf({ brandColor: brand.color });
  const onColor = textColorOn(color);
  // Links in the text take the clinic's colour where it reads on white (AA), else a plain blue.
  const linkColor = contrastRatio(color, '#ffffff') >= 4.5 ? color : '#0b57d0';
  const name = escapeHtml(brand.name);
  const body = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => block(p, color, linkColor, options.ownOrigin, dir === 'rtl'))
    .join('\n');
  const logo = brand.logoUrl
    ? `<td style="padding-${dir === 'rtl' ? 'left' : 'right'}:12px;vertical-align:middle"><img src="${escapeHtml(brand.logoUrl)}" alt="${name}" height="48" style="display:block;height:48px;width:auto;max-width:160px;border:0;border-radius:4px"></td>`
    : '';
  return `<!DOCTYPE html>
<html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>${escapeHtml(options.subject ?? brand.name)}</title><style>${DARK_MODE_CSS}</style></head>
<body dir="${dir}" style="margin:0;padding:0;background:#f1f3f5">
<table role="presentation" class="bg" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f1f3f5"><tr><td align="center" style="padding:24px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%;border-collapse:separate">
<tr><td class="header" bgcolor="${color}" style="background:${color};padding:16px 24px;border-radius:8px 8px 0 0" dir="${dir}" align="${align}">
<table role="presentation" dir="${dir}" cellpadding="0" cellspacing="0" border="0"><tr>${logo}<td style="vertical-align:middle;font-family:Arial,Helvetica,sans-serif;font-size:20px;font-weight:bold;line-height:1.3;color:${onColor}">${name}</td></tr></table>
</td></tr>
<tr><td class="card pad" bgcolor="#ffffff" style="background:#ffffff;color:#1f2328;padding:28px 24px 12px;border-radius:0 0 8px 8px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;text-align:${align}" dir="${dir}" align="${align}">
${body}
</td></tr>
</table>
</td></tr></table>
</body></html>`;
}
