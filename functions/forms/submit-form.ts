// POST /form-builder/form/{id}/submissions (public): a visitor's answers, checked again here against
// the form's own fields with the same rules the page uses (shared/forms/validate.ts), stored as a
// lead; staff who may read forms are told, and the lead counted, by its event's subscriber. Idempotent: the
// lead's id comes from the Idempotency-Key, and the request's record (its reply) is stored on the lead,
// so a retry gets the first answer and never a second lead. The solved challenge is spent in the same
// transaction (http.ts challengeInWrite) by the lead's event, named by it: a spent solution is refused
// and nothing is written (data/submissions.ts putSubmission).
import { validateSubmission } from '#shared/forms/validate';
import { submissionSchema, submitFormReply } from '#shared/forms/schemas';
import { badRequest } from '#lib/errors';
import { endpoint } from '#http/http';
import { withReply } from '#lib/request-scope';
import { reportDayOf } from '../data/reports';
import { findOrgIdByApiKey } from '../data/organizations';
import { putSubmission, submissionKey, type SubmissionRecord } from '../data/submissions';
import { contactOf, isFormFileKey, toAnswers } from '#domain/forms/submissions';
import { findPublicForm } from '#domain/forms/views';

/** The lead's id: named by the request's Idempotency-Key (newId), so the lead is where its record is. */
const leadIdOf = (newId: (label: string) => string) => newId('lead');

// The challenge's spend rides in the lead's transaction (challengeInWrite): no round trip of its own; the
// page's write count is made by the lead's event's subscriber (pageCountByEvent).
export const handler = endpoint({
  body: submissionSchema,
  reply: submitFormReply,
  challengeInWrite: {
    requestRecordAt: async ({ body, newId }) => {
      const apiKey = (body as { apiKey?: unknown }).apiKey;
      const orgId = typeof apiKey === 'string' ? await findOrgIdByApiKey(apiKey) : undefined;
      return orgId ? submissionKey(orgId, leadIdOf(newId)) : undefined;
    },
  },
  pageCountByEvent: true,
}, async ({ body, params, newId, solutionId }) => {
  const { orgId, form, packages, organization } = await findPublicForm(body.apiKey, params.id, { withOrganization: true });
  const isFileKey = isFormFileKey(orgId, form.id);
  const result = validateSubmission({ fields: form.fields, packages }, { items: body.items, packageId: body.packageId }, { isFileValue: (v) => isFileKey(v) });
  if (result.issues.length) {
    throw badRequest(result.issues[0].message, Object.fromEntries(result.issues.map((i) => [i.key, i.message])));
  }
  const answers = toAnswers(form.fields, result.values);
  const pkg = packages.find((p) => p.id === result.packageId);
  const now = new Date().toISOString();
  const submission: SubmissionRecord = {
    id: leadIdOf(newId),
    orgId,
    formId: form.id,
    formName: form.name,
    answers,
    packageId: pkg?.id ?? null,
    packageName: pkg?.name ?? null,
    ...contactOf(answers),
    ...(body.locale ? { locale: body.locale } : {}),
    paymentStatus: 'none',
    paymentId: null,
    reportDay: reportDayOf(now, organization?.timeZone),
    createdAt: now,
    updatedAt: now,
  };
  const reply = {
    status: 201,
    message: form.successMessage || 'Thank you. Your form has been submitted.',
    data: { submissionId: submission.id, packageId: submission.packageId, isPayable: pkg?.isPayable ?? false, redirectUrl: form.redirectUrl },
  };
  // Staff are told and the lead counted by the subscriber of its event (domain/forms/on-lead-received.ts).
  await withReply(reply, () => putSubmission(submission, body.apiKey, { solutionId }));
  return reply;
});
