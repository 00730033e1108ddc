// Mail addresses as headers carry them (RFC 5322), without a dependency: the sender of a clinic's mail
// is the clinic's name on our own address (`"Sunrise Physio" <no-reply@...>`: SES sends only from a
// verified identity, so the address stays ours and only the display name is the clinic's), and a
// reply goes to the clinic's contact address (Reply-To). Also read by the calendar files (a mailto:
// holds a bare address).

/**
 * The bare address of a sender: `Clinic Suite <no-reply@x>` -> `no-reply@x` (a mailto: URI holds an
 * address, never a display name).
 */
export function bareAddress(sender: string): string {
  const angled = /<([^<>\s]+@[^<>\s]+)>/.exec(sender);
  return (angled?.[1] ?? sender).trim();
}

/** An address a header may carry as it is: one local part and domain, nothing that would end or split the header. */
export const isPlainAddress = (value: unknown): value is string => typeof value === 'string' && /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/.test(value.trim());

/** RFC 2047's limit for one encoded-word ('=?UTF-8?B?...?='), in characters. */
const ENCODED_WORD_MAX = 75;
const ENCODED_PREFIX = '=?UTF-8?B?';
/** Bytes whose base64 fits in one encoded-word: a multiple of 3 (no padding inside a word). */
const WORD_BYTES = Math.floor((ENCODED_WORD_MAX - ENCODED_PREFIX.length - 2) / 4) * 3;

/** A UTF-8 text as encoded-words of at most 75 characters, never splitting a character between two. */
function encodedWords(text: string): string {
  const words: string[] = [];
  let bytes: number[] = [];
  const flush = () => {
    if (bytes.length) words.push(`${ENCODED_PREFIX}${Buffer.from(bytes).toString('base64')}?=`);
    bytes = [];
  };
  for (const char of text) {
    const encoded = [...Buffer.from(char, 'utf8')];
    if (bytes.length + encoded.length > WORD_BYTES) flush();
    bytes.push(...encoded);
  }
  flush();
  // Whitespace between adjacent encoded-words is dropped by the reader (RFC 2047 section 6.2).
  return words.join(' ');
}

/**
 * A display name for a From header: line breaks, control characters and quotes taken out (they would
 * end the header or the quoted name), spaces collapsed. '' when nothing is left.
 */
export const cleanDisplayName = (name: string) =>
  name
    .replace(/[\u0000-\u001f\u007f"\u2028\u2029]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * `"Sunrise Physio Berlin" <no-reply@x>`, or for a name with non-ASCII letters its RFC 2047 form
 * (`=?UTF-8?B?...?= <no-reply@x>`, which SES requires there). `from`: our sending address, with or
 * without a display name of its own (which the name replaces). A name that is empty once cleaned
 * leaves `from` as it is.
 */
export function withDisplayName(name: string, from: string): string {
  const clean = cleanDisplayName(name);
  if (!clean) return from;
  const address = bareAddress(from);
  // Printable ASCII: a quoted-string, its backslashes escaped (quotes are gone already).
  if (/^[\x20-\x7e]*$/.test(clean)) return `"${clean.replace(/\\/g, '\\\\')}" <${address}>`;
  return `${encodedWords(clean)} <${address}>`;
}
