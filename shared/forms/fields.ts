// What a form's fields may be: their types and the attributes staff may set. Constants with no imports,
// so the schemas (./schemas.ts, ./records.ts) and the shapes inferred from them (./types.ts) both lean on this file.
/** Field types rendered as an <input type="..."> ("text-like"). */
export const TEXT_LIKE_TYPES = ['text', 'email', 'number', 'tel', 'url', 'date', 'time', 'password'] as const;
export const FIELD_TYPES = [...TEXT_LIKE_TYPES, 'textarea', 'select', 'radio', 'checkbox', 'file', 'hidden'] as const;
export type TextLikeType = (typeof TEXT_LIKE_TYPES)[number];
export type FieldType = (typeof FIELD_TYPES)[number];

/** Types whose value must be one of the field's options. */
export const OPTION_TYPES: readonly FieldType[] = ['select', 'radio'];

/**
 * Attributes staff may set on a field. Anything else is refused when the form is saved, so the public
 * page never renders an attribute it does not know (no event handlers, no `style`).
 */
export const FIELD_ATTRIBUTES = ['minLength', 'maxLength', 'min', 'max', 'step', 'rows', 'accept', 'autocomplete'] as const;
export type FieldAttributeName = (typeof FIELD_ATTRIBUTES)[number];
