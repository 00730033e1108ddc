// Turns a validated form body into the stored form: ids and names for new fields and options, and the
// linked packages checked against the organisation's own.
import type * as z from 'zod/mini';
import type { FormField } from '#shared/forms/types';
import type { formSchema } from '#shared/forms/schemas';
import { badRequest } from '#lib/errors';
import { randomId } from '#lib/passwords';
import { getFormPackages } from '../../data/form-packages';

type FieldsInput = z.output<typeof formSchema>['fields'];

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 40) || 'field';

/** Fields in the order given, each with a unique id and name; options get ids and values. */
export function normaliseFields(input: FieldsInput): FormField[] {
  const ids = new Set<string>();
  const names = new Set<string>();
  return input.map((f, index) => {
    const id = f.id ?? randomId(6);
    if (ids.has(id)) throw badRequest('Field ids must be unique.', { [`fields.${index}.id`]: 'Field ids must be unique.' });
    ids.add(id);
    let name = f.name ? f.name : slug(f.label);
    for (let n = 2; names.has(name); n++) name = `${f.name || slug(f.label)}_${n}`;
    names.add(name);
    const optionIds = new Set<string>();
    const options = f.options.map((o) => {
      let oid = o.id ?? randomId(6);
      while (optionIds.has(oid)) oid = randomId(6);
      optionIds.add(oid);
      return { id: oid, label: o.label, value: o.value || o.label };
    });
    const field: FormField = { id, name, label: f.label, type: f.type, required: f.required };
    if (f.placeholder) field.placeholder = f.placeholder;
    if (options.length) field.options = options;
    if (f.attributes.length) field.attributes = f.attributes;
    return field;
  });
}

/** The packages to link, all of this organisation, and the default one among them. */
export async function checkPackageLinks(orgId: string, packageIds: string[], packageId: string | null | undefined): Promise<{ packageIds: string[]; packageId: string | null }> {
  const unique = [...new Set(packageIds)];
  if (unique.length !== packageIds.length) throw badRequest('A package is listed twice.', { packageIds: 'A package is listed twice.' });
  const found = await getFormPackages(orgId, unique);
  if (found.length !== unique.length) throw badRequest('One of the packages does not exist.', { packageIds: 'One of the packages does not exist.' });
  if (packageId && !unique.includes(packageId)) {
    throw badRequest('The default package must be one of the linked packages.', { packageId: 'The default package must be one of the linked packages.' });
  }
  return { packageIds: unique, packageId: packageId || null };
}
