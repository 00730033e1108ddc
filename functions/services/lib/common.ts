// Shared by the service and category handlers: permissions live on the Appointment module (the spec
// gives services no module of their own; they are part of running appointments).
import { conflict } from '#lib/errors';

export const staleCategory = () => conflict('This category was changed by someone else. Reload and try again.');
export const staleService = () => conflict('This service was changed by someone else. Reload and try again.');
export const CATEGORY_NAME_TAKEN = 'A category with this name already exists.';
export const NO_CATEGORY = 'Please select a category';
export const SERVICE_NAME_TAKEN = 'A service with this name already exists.';

export function categoryView<T extends { orgId: string }>(c: T) {
  const { orgId: _o, ...rest } = c;
  return rest;
}

export const serviceView = categoryView;
