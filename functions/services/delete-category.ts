// DELETE /service-categories/{id}[?version=]: delete a service category. Only a category without
// services can go.
import { noData } from '#shared/common/schemas';
import { versionQuery } from '#shared/appointments/schemas';
import { conflict, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { deleteCategory, getCategory } from '../data/services';
import { staleCategory } from '#domain/services/common';

const NOT_EMPTY = 'This category still has services. Move or delete them first.';

export const handler = endpoint({ query: versionQuery, reply: noData }, async ({ query, params, caller }) => {
  const current = await getCategory(caller.orgId, params.id);
  if (!current) throw notFound('Category not found.');
  if (query.version !== undefined && query.version !== current.version) throw staleCategory();
  if (current.serviceCount > 0) throw conflict(NOT_EMPTY);
  if (!(await deleteCategory(current, caller.userId))) {
    const now = await getCategory(caller.orgId, current.id);
    throw now && now.serviceCount > 0 ? conflict(NOT_EMPTY) : staleCategory();
  }
  return { message: 'The category is deleted.' };
});
