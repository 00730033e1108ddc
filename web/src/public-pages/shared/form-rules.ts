// The form rules' messages in the page's language (shared/forms/validate.ts checks with them): the
// public form page and the booking page's intake step ask the same fields.
import type { FieldMessages } from '#shared/forms/validate';
import type { Translate } from '../../i18n/i18n';

export const ruleMessages = (t: Translate): Partial<FieldMessages> => ({
  required: (label) => t('formRule.required', { label }),
  minLength: (label, n) => t('formRule.minLength', { label, n }),
  maxLength: (label, n) => t('formRule.maxLength', { label, n }),
  notAnOption: (label) => t('formRule.notAnOption', { label }),
  email: (label) => t('formRule.email', { label }),
  number: (label) => t('formRule.number', { label }),
  min: (label, n) => t('formRule.min', { label, n }),
  max: (label, n) => t('formRule.max', { label, n }),
  url: (label) => t('formRule.url', { label }),
  date: (label) => t('formRule.date', { label }),
  time: (label) => t('formRule.time', { label }),
  checkbox: (label) => t('formRule.checkbox', { label }),
  file: (label) => t('formRule.file', { label }),
  duplicate: (label) => t('formRule.duplicate', { label }),
  noPackage: t('formRule.noPackage'),
});
