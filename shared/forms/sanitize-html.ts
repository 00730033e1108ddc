// An allow-list HTML sanitiser for package descriptions, with no DOM and no dependency, shared by the
// server (on save) and the public page (again, before rendering). An HTML parser package would add
// ~140 KB, mostly entity tables, to the functions that save packages; DOMPurify ~8 KB gzip to the page.
// Why it is safe by construction: the output is written by this code, not copied from the input.
// Text is escaped (so nothing read as text can become markup), only allow-listed tags are written,
// with only allow-listed attributes whose values are decoded, checked and re-escaped, and every
// opened tag is closed. Tags it does not know are dropped (their text kept); the contents of
// script-like elements are dropped entirely. Mis-reading odd input can only lose formatting.

const ALLOWED_TAGS = new Set([
  'p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'small', 'sub', 'sup', 'mark',
  'ul', 'ol', 'li', 'a', 'span', 'div', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'code', 'pre',
]);
const VOID_TAGS = new Set(['br', 'hr']);
/** Elements whose whole content goes, not only the tags. */
const DROP_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'title', 'xmp', 'svg', 'math', 'select', 'noembed', 'noframes', 'plaintext', 'head']);
const ALLOWED_ATTRIBUTES: Record<string, string[]> = { a: ['href', 'title', 'target'] };

const escapeText = (s: string) => s.replace(/&(?!(#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{1,31});)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n', nbsp: '\u00a0', sol: '/', lpar: '(', rpar: ')', period: '.' };

/** Decodes the entities a browser would decode in an attribute value that matter for a scheme check. */
function decodeAttribute(value: string): string {
  return value.replace(/&(#x[\da-f]+|#\d+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

/** http(s), mailto and tel links, and relative ones; never javascript:, data: or vbscript:. */
function safeHref(raw: string): string | undefined {
  // Browsers ignore control characters and whitespace inside a scheme.
  const value = decodeAttribute(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (!value) return undefined;
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(value);
  if (scheme && !['http', 'https', 'mailto', 'tel'].includes(scheme[1].toLowerCase())) return undefined;
  if (!scheme && value.includes(':') && !/^[^:]*[/?#]/.test(value)) return undefined;
  return decodeAttribute(raw).trim();
}

interface Tag {
  name: string;
  closing: boolean;
  attributes: [string, string][];
  end: number;
  /** No closing `>`: the browser would not show it either. */
  unterminated?: boolean;
}

/** Reads a tag starting at `<` at `start`; undefined when this `<` does not open a tag. */
function readTag(html: string, start: number): Tag | undefined {
  const m = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(start, start + 64));
  if (!m) return undefined;
  let i = start + m[0].length;
  const attributes: [string, string][] = [];
  while (i < html.length) {
    while (i < html.length && /[\s/]/.test(html[i])) i++;
    if (i >= html.length) break;
    if (html[i] === '>') return { name: m[2].toLowerCase(), closing: m[1] === '/', attributes, end: i + 1 };
    const nameStart = i;
    while (i < html.length && !/[\s/>=]/.test(html[i])) i++;
    const name = html.slice(nameStart, i).toLowerCase() || html[i++];
    while (i < html.length && /\s/.test(html[i])) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < html.length && /\s/.test(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        value = html.slice(i + 1, close === -1 ? html.length : close);
        i = close === -1 ? html.length : close + 1;
      } else {
        const valueStart = i;
        while (i < html.length && !/[\s>]/.test(html[i])) i++;
        value = html.slice(valueStart, i);
      }
    }
    attributes.push([name, value]);
  }
  // An unterminated tag: nothing after it is markup the browser would show; drop the rest.
  return { name: m[2].toLowerCase(), closing: m[1] === '/', attributes, end: html.length, unterminated: true };
}

function writeOpenTag(tag: Tag): string {
  const allowed = ALLOWED_ATTRIBUTES[tag.name] ?? [];
  const parts: string[] = [];
  const seen = new Set<string>();
  for (const [name, value] of tag.attributes) {
    if (!allowed.includes(name) || seen.has(name)) continue;
    seen.add(name);
    if (name === 'href') {
      const href = safeHref(value);
      if (href !== undefined) parts.push(`href="${escapeAttribute(href)}"`);
    } else if (name === 'target') {
      if (decodeAttribute(value).trim() === '_blank') parts.push('target="_blank" rel="noopener noreferrer"');
    } else {
      parts.push(`${name}="${escapeAttribute(decodeAttribute(value))}"`);
    }
  }
  return `<${tag.name}${parts.length ? ` ${parts.join(' ')}` : ''}>`;
}

/** Sanitised HTML: allow-listed formatting tags and safe links only. */
export function sanitizeHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      out += escapeText(html.slice(i));
      break;
    }
    out += escapeText(html.slice(i, lt));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      const end = html.indexOf('>', lt);
      i = end === -1 ? html.length : end + 1;
      continue;
    }
    const tag = readTag(html, lt);
    if (!tag) {
      out += '&lt;';
      i = lt + 1;
      continue;
    }
    i = tag.end;
    if (tag.unterminated) break;
    if (!tag.closing && DROP_CONTENT.has(tag.name)) {
      const close = new RegExp(`</${tag.name}[\\s/>]`, 'i').exec(html.slice(i));
      if (!close) break;
      const closeTag = readTag(html, i + close.index)!;
      i = closeTag.end;
      continue;
    }
    if (!ALLOWED_TAGS.has(tag.name)) continue;
    if (tag.closing) {
      const at = open.lastIndexOf(tag.name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    out += writeOpenTag(tag);
    if (!VOID_TAGS.has(tag.name)) open.push(tag.name);
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** A description as stored: sanitised, and null when nothing visible is left. */
export function sanitizeDescription(html: string | null | undefined): string | null {
  if (!html) return null;
  const clean = sanitizeHtml(html).trim();
  const visible = clean.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '');
  return visible || /<(hr|br)>/.test(clean) ? clean : null;
}
