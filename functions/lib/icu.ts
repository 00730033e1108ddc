// A small ICU MessageFormat formatter for the patient's server texts (lib/i18n.ts): arguments,
// `plural` (exact `=n` cases, the language's categories through Intl.PluralRules, `#`) and `select`,
// which is all the server catalogues use. intl-messageformat with its parser would add about 40 KB to
// every function that mails a patient (the 350 KB budget); the catalogue test checks that this gives
// intl-messageformat's own output for every message of every language (functions/lib/i18n.test.ts).

type Part = string | { pound: true } | { arg: string } | { arg: string; kind: 'plural' | 'select'; options: Record<string, Part[]> };

/** Parses `message` from `at` until an unmatched `}` (or the end); `#` counts inside a plural. */
function parseParts(message: string, at: { i: number }, inPlural: boolean): Part[] {
  const parts: Part[] = [];
  let text = '';
  const flush = () => {
    if (text) parts.push(text);
    text = '';
  };
  while (at.i < message.length) {
    const c = message[at.i];
    if (c === '}') break;
    if (c === '#' && inPlural) {
      flush();
      parts.push({ pound: true });
      at.i++;
    } else if (c === '{') {
      flush();
      at.i++;
      parts.push(parseArgument(message, at));
    } else {
      text += c;
      at.i++;
    }
  }
  flush();
  return parts;
}

function parseArgument(message: string, at: { i: number }): Part {
  const close = (): void => {
    if (message[at.i] !== '}') throw new Error(`ICU: expected } at ${at.i} in ${message}`);
    at.i++;
  };
  const end = message.slice(at.i).search(/[,}]/);
  if (end < 0) throw new Error(`ICU: unclosed argument in ${message}`);
  const arg = message.slice(at.i, at.i + end).trim();
  at.i += end;
  if (message[at.i] === '}') {
    at.i++;
    return { arg };
  }
  at.i++;
  const kindEnd = message.indexOf(',', at.i);
  const kind = message.slice(at.i, kindEnd).trim();
  if (kind !== 'plural' && kind !== 'select') throw new Error(`ICU: ${kind} arguments are not supported (${message})`);
  at.i = kindEnd + 1;
  const options: Record<string, Part[]> = {};
  for (;;) {
    while (/\s/.test(message[at.i] ?? '')) at.i++;
    if (message[at.i] === '}') break;
    const open = message.indexOf('{', at.i);
    if (open < 0) throw new Error(`ICU: option without a message in ${message}`);
    const key = message.slice(at.i, open).trim();
    at.i = open + 1;
    options[key] = parseParts(message, at, kind === 'plural');
    close();
  }
  close();
  if (!options.other) throw new Error(`ICU: ${arg} has no 'other' option (${message})`);
  return { arg, kind, options };
}

const parsed = new Map<string, Part[]>();
const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function render(parts: Part[], values: Record<string, string | number>, locale: string, count?: number): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += part;
    else if ('pound' in part) {
      let nf = numberFormats.get(locale);
      if (!nf) numberFormats.set(locale, (nf = new Intl.NumberFormat(locale)));
      out += nf.format(count ?? 0);
    } else if (!('kind' in part)) {
      const value = values[part.arg];
      if (value === undefined) throw new Error(`ICU: no value for ${part.arg}`);
      out += String(value);
    } else if (part.kind === 'select') {
      const value = String(values[part.arg]);
      out += render(part.options[value] ?? part.options.other, values, locale, count);
    } else {
      const n = Number(values[part.arg]);
      let rules = pluralRules.get(locale);
      if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
      const option = part.options[`=${n}`] ?? part.options[rules.select(n)] ?? part.options.other;
      out += render(option, values, locale, n);
    }
  }
  return out;
}

/** `message` with `values`, as intl-messageformat would format it in `locale`. */
export function formatIcu(message: string, locale: string, values: Record<string, string | number> = {}): string {
  let parts = parsed.get(message);
  if (!parts) {
    const at = { i: 0 };
    parts = parseParts(message, at, false);
    if (at.i !== message.length) throw new Error(`ICU: unmatched } in ${message}`);
    parsed.set(message, parts);
  }
  return render(parts, values, locale);
}
