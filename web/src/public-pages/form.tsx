// form.html's entry: the public form page (/form-builder/public/:formId/:apiKey), nothing else.
import { PublicFormPage } from './form/form-page';
import { mount, pathParams } from './mount';

const [formId = '', apiKey = ''] = pathParams();
void mount(<PublicFormPage formId={formId} apiKey={apiKey} />);
