// form.html's entry: the public form page (/form-builder/public/:formId/:apiKey), nothing else.
import { PublicFormPage } from '../features/public/form/form-page';
import { mount, pathParams } from './mount';

export const render = ([formId = '', apiKey = '']: string[]) => <PublicFormPage formId={formId} apiKey={apiKey} />;

if (typeof document !== 'undefined') mount(render(pathParams()));
