// Page addresses of the forms feature.
import { paths } from '../../config/paths';

const withId = (pattern: string, id: string) => pattern.replace(':id', encodeURIComponent(id));

export const formEditPath = (id: string) => withId(paths.formBuilder.edit, id);
export const formSubmissionsPath = (id: string) => withId(paths.formBuilder.submissions, id);
export const leadPath = (id: string) => withId(paths.forms.lead, id);
export const packageEditPath = (id: string) => withId(paths.leadGeneration.edit, id);
/** The public page of a form (needs the organisation's apiKey). */
export const publicFormPath = (formId: string, apiKey: string) => `/form-builder/public/${encodeURIComponent(formId)}/${encodeURIComponent(apiKey)}`;
