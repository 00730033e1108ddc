// Stripe's request bodies are form-encoded (a[b][0][c]=v): the stand-ins read them back into nested
// string maps, and read fields through these helpers, which say what a field is (text, an object) rather
// than trusting it: a request is external input.

export type StripeForm = { [key: string]: string | StripeForm };

/** Stripe's form encoding back into objects: a[b][0][c]=v. Arrays come back as index-keyed objects. */
export function parseStripeForm(body: string): StripeForm {
  const out: StripeForm = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as StripeForm;
    });
  }
  return out;
}

/** A field's text; undefined when it is absent or an object. */
export function textOf(form: StripeForm | undefined, key: string): string | undefined {
  const value = form?.[key];
  return typeof value === 'string' ? value : undefined;
}

/** A field's object (price_data, metadata, line_items' index-keyed items); undefined when absent or text. */
export function objectOf(form: StripeForm | undefined, key: string): StripeForm | undefined {
  const value = form?.[key];
  return typeof value === 'object' ? value : undefined;
}

/** A metadata field as Stripe keeps it: a flat map of strings (absent: {}). */
export function metadataOf(form: StripeForm | undefined, key = 'metadata'): Record<string, string> {
  const entries = Object.entries(objectOf(form, key) ?? {});
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
