// POST /form-builder/form/{id}/submissions (public): a visitor's answers, checked again here against
// the form's own fields with the same rules the page uses (shared/forms/validate.ts), stored as a
// lead; staff who may read forms are told.
import { validateSubmission } from '#shared/forms/validate';
import { submissionSchema } from '#shared/schemas/forms';
import { badRequest } from '#lib/errors';
import { endpoint } from '#lib/http';
import { randomId } from '#lib/passwords';
import { notifyStaff } from '../data/notifications';
import { putSubmission, type SubmissionRecord } from '../data/submissions';
import { contactOf, isFormFileKey, toAnswers } from './lib/submissions';
import { findPublicForm } from './lib/views';

export const handler = endpoint({ body: submissionSchema }, async ({ body, params }) => {
  const { orgId, form, packages } = await findPublicForm(body.apiKey, params.id!);
  const isFileKey = isFormFileKey(orgId, form.id);
  const result = validateSubmission({ fields: form.fields, packages }, { items: body.items, packageId: body.packageId }, { isFileValue: (v) => isFileKey(v) });
  if (result.issues.length) {
    throw badRequest(result.issues[0]!.message, Object.fromEntries(result.issues.map((i) => [i.key, i.message])));
  }
  const answers = toAnswers(form.fields, result.values);
  const pkg = packages.find((p) => p.id === result.packageId);
  const now = new Date().toISOString();
  const submission: SubmissionRecord = {
    id: randomId(10),
    orgId,
    formId: form.id,
    formName: form.name,
    answers,
    packageId: pkg?.id ?? null,
    packageName: pkg?.name ?? null,
    ...contactOf(answers),
    paymentStatus: 'none',
    paymentId: null,
    createdAt: now,
    updatedAt: now,
  };
  await putSubmission(submission);
  await notifyStaff(orgId, {
    title: 'New lead',
    message: `${submission.name ?? submission.email ?? 'A visitor'} submitted "${form.name}"${pkg ? ` (${pkg.name})` : ''}.`,
    link: `/forms/leads/${submission.id}`,
    module: 'FORMS',
  }).catch((error) => console.error(JSON.stringify({ level: 'error', where: 'submit-form notify', message: (error as Error).message })));
  return {
    status: 201,
    message: form.successMessage || 'Thank you. Your form has been submitted.',
    data: { submissionId: submission.id, packageId: submission.packageId, isPayable: pkg?.isPayable ?? false, redirectUrl: form.redirectUrl },
  };
});
