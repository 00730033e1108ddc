// A name typed by a stranger, made safe to show in a mail or SMS the clinic sends (issue 28: no relay).
// A public page must not let anyone put their own words, least of all a link, into the clinic's mail:
// only letters, apostrophes, hyphens and spaces of the name are kept, and any word that is or holds a
// link (a scheme, 'www', a domain, an address, markup) is dropped whole. Used by every mail and SMS
// that carries a typed name; nothing sensible left: greet without a name ("Hello,").

/** At most this many characters of a name go into a mail. */
export const PLAIN_NAME_MAX = 40;

// Characters that pass for a dot in a link (one-dot leader, ideographic and fullwidth stops, middle dots...).
const DOT_LOOKALIKES = /[\u00b7\u0387\u06d4\u0701\u0702\u2024\u2027\u2219\u22c5\u2e2e\u2e3c\u3002\ufe12\ufe52\uff0e\uff61\u30fb\uff65]/g;
// Invisible characters (zero-width, bidi controls, soft hyphen) that could hide a link's shape.
const INVISIBLE = /\u034f|\u17b4|\u17b5|[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g;
// A word that is or holds a link: a scheme (also defanged 'hxxp'), 'www', an @, a slash or colon,
// markup, or a domain-like dot between letters or digits ('evil.com', '1.2.3.4').
const LINKISH = /(h[tx]{2}ps?|www|ftp|mailto|[@/\\:<>[\]{}()|=&%#?*+~^`"]|[\p{L}\p{N}]\s*\.\s*[\p{L}\p{N}]|\.\p{L}{2,})/iu;

/** The typed name as it may be shown in a mail or SMS: '' when nothing sensible remains. */
export function plainName(typed: string | null | undefined): string {
  if (!typed) return '';
  const text = typed.normalize('NFKC').replace(INVISIBLE, '').replace(DOT_LOOKALIKES, '.');
  const words = text
    .split(/[\s\p{C}]+/u)
    .filter((word) => word && !LINKISH.test(word))
    // What may remain of a name: letters (with their accents), apostrophes, hyphens.
    .map((word) => word.replace(/[^\p{L}\p{M}'’-]/gu, '').replace(/^['’-]+|['’-]+$/g, ''))
    .filter((word) => /\p{L}/u.test(word));
  let name = '';
  for (const word of words) {
    const next = name ? `${name} ${word}` : word;
    if ([...next].length > PLAIN_NAME_MAX) {
      if (!name) name = [...word].slice(0, PLAIN_NAME_MAX).join('');
      break;
    }
    name = next;
  }
  return name;
}

/** 'Hello Ana,' or, when the typed name leaves nothing to show, 'Hello,'. */
export function greeting(typed: string | null | undefined): string {
  const name = plainName(typed);
  return name ? `Hello ${name},` : 'Hello,';
}
