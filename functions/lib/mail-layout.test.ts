import { describe, expect, it } from 'vitest';
import { contrastRatio, DEFAULT_BRAND_COLOR, textColorOn } from '#shared/brand';
import { renderMailHtml } from './mail-layout';

const ORIGIN = 'https://app.example.com';
const brand = { name: 'Sunny Clinic', logoUrl: `${ORIGIN}/assets/org/o1/branding/logo.png`, color: '#204a87' };

/** What a reader sees: the tags gone, the entities read back. */
const visibleText = (html: string) =>
  html
    .replace(/<head>[\s\S]*<\/head>/, '')
    .replace(/<br>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));

describe('mail layout', () => {
  it("has the clinic's name, logo and colour in the header", () => {
    const html = renderMailHtml('Hello Ana,', brand);
    expect(html).toContain('>Sunny Clinic</td>');
    expect(html).toContain(`<img src="${brand.logoUrl}" alt="Sunny Clinic"`);
    expect(html).toMatch(/class="header" bgcolor="#204a87" style="background:#204a87/);
    // White reads on this dark blue.
    expect(html).toContain('color:#ffffff">Sunny Clinic');
  });

  it('escapes everything that comes from outside: the text, the name, the logo address', () => {
    const html = renderMailHtml('Hi <script>alert(1)</script> & "you"', { name: 'A&B <Clinic>', logoUrl: 'https://x.example/a.png" onerror="x', color: 'red;background:url(x)' });
    expect(html).not.toContain('<script>');
    expect(html).toContain('Hi &#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;you&#34;');
    expect(html).toContain('>A&#38;B &#60;Clinic&#62;</td>');
    expect(html).toContain('src="https://x.example/a.png&#34; onerror=&#34;x"');
    // A colour that is not a hex colour is never written out: the default takes its place.
    expect(html).not.toContain('red;background');
    expect(html).toContain(`bgcolor="${DEFAULT_BRAND_COLOR}"`);
  });

  it('declares both colour schemes and darkens the card in dark mode', () => {
    const html = renderMailHtml('Hello', brand);
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(html).toContain(':root{color-scheme:light dark');
    const dark = html.slice(html.indexOf('@media (prefers-color-scheme:dark){'));
    expect(dark).toMatch(/^@media \(prefers-color-scheme:dark\)\{body,\.bg\{background:#121416!important\}\.card\{background:#1e2124!important;color:#e8eaed!important\}/);
    expect(html).toContain('[data-ogsc] .card{');
  });

  it('is one fluid column of at most 600 px with 16 px text, laid out by tables', () => {
    const html = renderMailHtml('Hello', brand);
    expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(html).toMatch(/<table role="presentation" width="100%"[^>]*style="max-width:600px;width:100%/);
    expect(html).toContain('font-size:16px');
    expect(html).not.toMatch(/font-size:(1[0-3]|[0-9])px/);
  });

  it('shows every word of the text, its paragraphs and its lines', () => {
    const text = 'Hello Ana,\n\nYour booking with Sunny Clinic is confirmed.\n\nPackage: Consultation\nDate: Monday, March 9, 2026\nReference: b1\n\nAsk us at https://sunny.example/contact?a=1&b=2.';
    const html = renderMailHtml(text, brand);
    expect(visibleText(html)).toContain('Package: Consultation\nDate: Monday, March 9, 2026\nReference: b1');
    for (const line of text.split('\n').filter(Boolean)) expect(visibleText(html)).toContain(line);
    expect(html.match(/<p /g)).toHaveLength(4);
    // Addresses become links (the query string escaped in the attribute); the full stop stays text.
    expect(html).toContain('<a href="https://sunny.example/contact?a=1&#38;b=2" class="link"');
  });

  it('turns "Label: <our link>" into a button, and only our own links', () => {
    const ours = `To reschedule or cancel: ${ORIGIN}/manage#tok\nYou can reschedule or cancel until 24 hours before the start.`;
    const html = renderMailHtml(ours, brand, { ownOrigin: ORIGIN });
    expect(html).toMatch(new RegExp(`<a href="${ORIGIN}/manage#tok" class="btn"[^>]*color:#ffffff[^>]*>Reschedule or cancel</a>`));
    expect(html).toContain('until 24 hours before the start.');
    const theirs = renderMailHtml('Claim your prize: https://evil.example/x', brand, { ownOrigin: ORIGIN });
    expect(theirs).not.toContain('class="btn"');
    expect(theirs).toContain('<a href="https://evil.example/x" class="link"');
  });

  it('writes the header text black on a light colour', () => {
    const html = renderMailHtml('Hello', { name: 'Lemon', color: '#ffe066' });
    expect(html).toContain('color:#000000">Lemon');
  });
});

describe('brand colour', () => {
  it('picks the text colour that reaches AA on any colour', () => {
    for (const color of ['#ffffff', '#000000', '#777777', '#808080', '#1b6b4a', '#ff0000', '#00ff00', '#0000ff', '#ffe066', '#7f7f7f', '#5f8f3f']) {
      expect(contrastRatio(color, textColorOn(color))).toBeGreaterThanOrEqual(4.5);
    }
    expect(textColorOn('#204a87')).toBe('#ffffff');
    expect(textColorOn('#ffe066')).toBe('#000000');
  });
});
