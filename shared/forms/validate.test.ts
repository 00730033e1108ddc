import { describe, expect, it } from 'vitest';
import type { FormField } from './types';
import { formatDollars, messages, parseCustomAmount, toItems, validateSubmission } from './validate';

const field = (over: Partial<FormField> & Pick<FormField, 'id' | 'type'>): FormField => ({ name: over.id, label: over.id, required: false, ...over });

const fields: FormField[] = [
  field({ id: 'name', label: 'Full name', type: 'text', required: true, attributes: [{ attributeName: 'minLength', attributeValue: '3' }, { attributeName: 'maxLength', attributeValue: '10' }] }),
  field({ id: 'email', label: 'Email', type: 'email', required: true }),
  field({ id: 'plan', label: 'Plan', type: 'select', options: [{ id: 'o1', label: 'Basic', value: 'basic' }, { id: 'o2', label: 'Pro', value: 'pro' }] }),
  field({ id: 'agree', label: 'I agree', type: 'checkbox', required: true }),
];

const ok = [
  { fieldId: 'name', value: '  Alice ' },
  { fieldId: 'email', value: 'a@b.co' },
  { fieldId: 'agree', value: 'true' },
];

const messagesOf = (r: ReturnType<typeof validateSubmission>) => r.issues.map((i) => i.message);

describe('submission validation (spec section 5)', () => {
  it('accepts a valid submission and trims values', () => {
    const r = validateSubmission({ fields }, { items: ok });
    expect(r.issues).toEqual([]);
    expect(r.values).toEqual({ name: 'Alice', email: 'a@b.co', agree: 'true' });
  });

  it("gives '{label} is required.' for an empty field, an unchecked required checkbox and a missing file", () => {
    const withFile = [...fields, field({ id: 'scan', label: 'Insurance card', type: 'file', required: true })];
    const r = validateSubmission({ fields: withFile }, { items: [{ fieldId: 'name', value: '   ' }, { fieldId: 'agree', value: 'false' }] });
    expect(r.issues).toEqual([
      { key: 'name', message: 'Full name is required.' },
      { key: 'email', message: 'Email is required.' },
      { key: 'agree', message: 'I agree is required.' },
      { key: 'scan', message: 'Insurance card is required.' },
    ]);
  });

  it('applies minLength and maxLength with the spec messages', () => {
    const short = validateSubmission({ fields }, { items: [...ok.slice(1), { fieldId: 'name', value: 'Al' }] });
    expect(messagesOf(short)).toEqual(['Full name must be at least 3 characters.']);
    const long = validateSubmission({ fields }, { items: [...ok.slice(1), { fieldId: 'name', value: 'Alexandria B' }] });
    expect(messagesOf(long)).toEqual(['Full name must be at most 10 characters.']);
    const optional = validateSubmission({ fields: [field({ id: 'n', label: 'Nick', type: 'text', attributes: [{ attributeName: 'minLength', attributeValue: '3' }] })] }, { items: [] });
    expect(optional.issues).toEqual([]);
  });

  it('refuses unknown fields and repeated answers', () => {
    expect(messagesOf(validateSubmission({ fields }, { items: [...ok, { fieldId: 'isAdmin', value: 'yes' }] }))).toEqual([messages.unknownField]);
    expect(messagesOf(validateSubmission({ fields }, { items: [...ok, { fieldId: 'email', value: 'c@d.co' }] }))).toEqual(['Email was sent more than once.']);
    expect(messagesOf(validateSubmission({ fields }, { items: [...ok, { fieldId: 'email', value: 42 as unknown as string }] }))).toContain(messages.unknownField);
  });

  it('keeps select and radio values to the listed options', () => {
    expect(messagesOf(validateSubmission({ fields }, { items: [...ok, { fieldId: 'plan', value: 'enterprise' }] }))).toEqual(['Plan must be one of the listed options.']);
    expect(validateSubmission({ fields }, { items: [...ok, { fieldId: 'plan', value: 'pro' }] }).values.plan).toBe('pro');
    const radio = [field({ id: 'r', label: 'Size', type: 'radio', required: true, options: [{ id: 'a', label: 'S', value: 's' }] })];
    expect(messagesOf(validateSubmission({ fields: radio }, { items: [] }))).toEqual(['Size is required.']);
    expect(messagesOf(validateSubmission({ fields: radio }, { items: [{ fieldId: 'r', value: 'Basic' }] }))).toEqual(['Size must be one of the listed options.']);
  });

  it('takes several ticked options of a checkbox group, only from its options', () => {
    const group = [field({ id: 'g', label: 'Days', type: 'checkbox', required: true, options: [{ id: 'a', label: 'Mon', value: 'mon' }, { id: 'b', label: 'Tue', value: 'tue' }] })];
    expect(validateSubmission({ fields: group }, { items: [{ fieldId: 'g', value: 'mon' }, { fieldId: 'g', value: 'tue' }] }).values).toEqual({ g: ['mon', 'tue'] });
    expect(messagesOf(validateSubmission({ fields: group }, { items: [] }))).toEqual(['Days is required.']);
    expect(messagesOf(validateSubmission({ fields: group }, { items: [{ fieldId: 'g', value: 'sun' }] }))).toEqual(['Days must be one of the listed options.']);
  });

  it('checks the formats of typed inputs', () => {
    const typed = [
      field({ id: 'e', label: 'E', type: 'email' }),
      field({ id: 'n', label: 'N', type: 'number', attributes: [{ attributeName: 'min', attributeValue: '1' }, { attributeName: 'max', attributeValue: '5' }] }),
      field({ id: 'u', label: 'U', type: 'url' }),
      field({ id: 'd', label: 'D', type: 'date' }),
      field({ id: 't', label: 'T', type: 'time' }),
    ];
    const bad = validateSubmission({ fields: typed }, { items: [
      { fieldId: 'e', value: 'nope' }, { fieldId: 'n', value: '1e3' }, { fieldId: 'u', value: 'javascript:alert(1)' }, { fieldId: 'd', value: '2025-02-30' }, { fieldId: 't', value: '25:00' },
    ] });
    expect(messagesOf(bad)).toEqual(['E must be a valid email address.', 'N must be a number.', 'U must be a valid web address (http or https).', 'D must be a valid date.', 'T must be a valid time.']);
    expect(messagesOf(validateSubmission({ fields: typed }, { items: [{ fieldId: 'n', value: '9' }] }))).toEqual(['N must be at most 5.']);
    expect(messagesOf(validateSubmission({ fields: typed }, { items: [{ fieldId: 'n', value: '0' }] }))).toEqual(['N must be at least 1.']);
    const good = validateSubmission({ fields: typed }, { items: [
      { fieldId: 'e', value: 'x@y.org' }, { fieldId: 'n', value: '2.5' }, { fieldId: 'u', value: 'https://a.example' }, { fieldId: 'd', value: '2024-02-29' }, { fieldId: 't', value: '09:30' },
    ] });
    expect(good.issues).toEqual([]);
  });

  it('asks the server whether a file value is one of its upload keys', () => {
    const withFile = [field({ id: 'f', label: 'Scan', type: 'file' })];
    const isFileValue = (v: string) => v.startsWith('org/o1/');
    expect(messagesOf(validateSubmission({ fields: withFile }, { items: [{ fieldId: 'f', value: 'org/o2/x.png' }] }, { isFileValue }))).toEqual(['Scan: please upload the file again.']);
    expect(validateSubmission({ fields: withFile }, { items: [{ fieldId: 'f', value: 'org/o1/x.png' }] }, { isFileValue }).issues).toEqual([]);
  });

  it('caps every value and the number of answers', () => {
    const big = validateSubmission({ fields: [field({ id: 'x', label: 'Notes', type: 'textarea' })] }, { items: [{ fieldId: 'x', value: 'a'.repeat(10_001) }] });
    expect(messagesOf(big)).toEqual(['Notes must be at most 10000 characters.']);
    const many = validateSubmission({ fields }, { items: Array.from({ length: 301 }, () => ({ fieldId: 'name', value: 'x' })) });
    expect(messagesOf(many)).toEqual([messages.tooManyItems]);
  });

  it('needs a package when the form has several, and takes the only one by default', () => {
    const several = [{ id: 'p1' }, { id: 'p2' }];
    expect(messagesOf(validateSubmission({ fields, packages: several }, { items: ok }))).toEqual(['No package selected. Please select a package to continue.']);
    expect(validateSubmission({ fields, packages: several }, { items: ok, packageId: 'p2' }).packageId).toBe('p2');
    expect(messagesOf(validateSubmission({ fields, packages: several }, { items: ok, packageId: 'other' }))).toEqual([messages.unknownPackage]);
    expect(validateSubmission({ fields, packages: [{ id: 'p1' }] }, { items: ok }).packageId).toBe('p1');
    expect(validateSubmission({ fields }, { items: ok }).packageId).toBeNull();
  });
});

describe('custom amount', () => {
  it('needs a number of at least $0.50 with at most 2 decimals', () => {
    for (const bad of [undefined, null, '', 'abc', '-1', '0.49', 0.2, '1e3', {}]) {
      expect(parseCustomAmount(bad).error, JSON.stringify(bad)).toBe('Please enter a valid custom amount (minimum $0.50)');
    }
    expect(parseCustomAmount('10.123').error).toBe('Amount must have no more than 2 decimal places');
    expect(parseCustomAmount(0.1 + 0.2).error).toBe('Amount must have no more than 2 decimal places');
    expect(parseCustomAmount('1000000').error).toBe('Amount must be at most $999,999.99');
    expect(parseCustomAmount('0.5')).toEqual({ cents: 50 });
    expect(parseCustomAmount(12.3)).toEqual({ cents: 1230 });
    expect(parseCustomAmount(' 19.99 ')).toEqual({ cents: 1999 });
  });

  it('is never below the package price', () => {
    expect(parseCustomAmount('20', 2500).error).toBe('The amount must be at least $25.00 for this package.');
    expect(parseCustomAmount('25', 2500)).toEqual({ cents: 2500 });
  });

  it('formats dollars', () => {
    expect(formatDollars(123450)).toBe('$1,234.50');
    expect(formatDollars(50)).toBe('$0.50');
  });
});

describe('items from page values', () => {
  it('sends one item per ticked option and booleans as true/false', () => {
    expect(toItems({ a: 'x', g: ['mon', 'tue'], c: true, d: false, e: undefined })).toEqual([
      { fieldId: 'a', value: 'x' }, { fieldId: 'g', value: 'mon' }, { fieldId: 'g', value: 'tue' }, { fieldId: 'c', value: 'true' }, { fieldId: 'd', value: 'false' },
    ]);
  });
});
