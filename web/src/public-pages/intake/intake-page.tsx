// /intake#<token>: the page of the link in the intake mail (issue 36; public, no console code). It shows
// the clinic's form for one booking (which visit, when), takes the answers with the public form page's
// fields and rules (files uploaded when chosen), sends them once and thanks; a link already used says
// the answers were sent. The token stays in the URL's fragment, which browsers never send to a server.
import { useEffect, useState } from 'react';
import { toItems, validateSubmission, type Issue } from '#shared/forms/validate';
import { INTAKE_PAGE_MESSAGES } from '#shared/intake/messages';
import type { ReplyOf } from '#shared/api-contract';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from '#shared/uploads';
import { Loading } from '../../components/loading';
import { FormFieldInput } from '../../components/form-field-input';
import { api } from '../../lib/api';
import { useAnswers } from '../shared/use-answers';
import { useClinicLocale, useI18n, type Translate } from '../../i18n/i18n';
import { ruleMessage } from '../../i18n/rules';
import { ClinicBrandBar } from '../clinic-brand';
import { ruleMessages } from '../shared/form-rules';

type IntakeView = ReplyOf<'POST /public/intake/form'>;

const none = { auth: 'none' as const };
const tokenOf = () => (typeof window === 'undefined' ? '' : window.location.hash.replace(/^#/, ''));

/** The server's refusals of the link, in the page's language. */
function linkProblem(t: Translate, message: string | undefined): string {
  if (message === INTAKE_PAGE_MESSAGES.closed) return t('intakePage.closed');
  if (message === INTAKE_PAGE_MESSAGES.done) return t('intakePage.answered');
  if (!message || message === INTAKE_PAGE_MESSAGES.unknown) return t('intakePage.invalid');
  return ruleMessage(t, message);
}

async function uploadFile(token: string, file: File, idempotencyKey: string): Promise<string> {
  if (file.size > MAX_UPLOAD_BYTES) throw new Error(`The file must be ${MAX_UPLOAD_LABEL} or smaller.`);
  const body = new FormData();
  body.append('token', token);
  body.append('file', file);
  const result = await api.post('/public/intake/files', undefined, { ...none, form: body, idempotencyKey });
  if (!result.success || !result.data.data?.key) throw new Error(result.message || 'The file could not be uploaded.');
  return result.data.data.key;
}

function IntakeForm({ token, view, onSent }: { token: string; view: IntakeView; onSent: () => void }) {
  const { t, locale, intl } = useI18n();
  const { values, onChange: setValue, onFile, settle } = useAnswers((file, key) => uploadFile(token, file, key));
  const [issues, setIssues] = useState<Issue[]>([]);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const when = new Intl.DateTimeFormat(intl, { timeZone: view.timeZone, dateStyle: 'full', timeStyle: 'short' }).format(new Date(view.startUtc));
  const fieldError = (id: string) => issues.find((i) => i.key === id)?.message;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    setBusy(true);
    try {
      const items = toItems(await settle());
      const found = validateSubmission({ fields: view.fields, packages: [] }, { items }, { messages: ruleMessages(t) }).issues;
      setIssues(found);
      if (found.length) return;
      const result = await api.post('/public/intake/submit', { token, items }, none);
      if (result.success) return onSent();
      const serverIssues = Object.entries(result.data.errors ?? {}).map(([key, message]) => ({ key, message: ruleMessage(t, message) }));
      if (serverIssues.length) setIssues(serverIssues);
      setProblem(result.responseCode === 409 || result.responseCode === 404 ? linkProblem(t, result.message) : result.message ? ruleMessage(t, result.message) : t('intakePage.failed'));
    } catch {
      setProblem(t('intakePage.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label={view.formName} lang={locale}>
      <p className="text-body-secondary">{t('intakePage.hello', { name: view.firstName, clinic: view.clinicName })}</p>
      <p className="fw-semibold">{t('intakePage.for', { package: view.packageName, when })}</p>
      {view.formDescription && <p className="text-body-secondary clinic-text" style={{ whiteSpace: 'pre-line' }}>{view.formDescription}</p>}
      {problem && <div className="alert alert-danger" role="alert">{problem}</div>}
      {view.fields.map((field) => (
        <FormFieldInput key={field.id} field={field} idPrefix="intake" value={values[field.id]} onChange={(v) => setValue(field.id, v)} onFile={(file) => onFile(field.id, file)} error={fieldError(field.id)} disabled={busy} />
      ))}
      <button type="submit" className="btn btn-primary px-4 mt-3" disabled={busy}>{busy ? t('intakePage.sending') : t('intakePage.send')}</button>
    </form>
  );
}

export function IntakePage() {
  const [token] = useState(tokenOf);
  const [view, setView] = useState<IntakeView>();
  const [failure, setProblem] = useState<string | null>();
  // null: no token (a link cut short), worded by the page.
  const problem = token ? failure : null;
  const [sent, setSent] = useState(false);
  const { t } = useI18n();
  useClinicLocale(view?.clinicLanguage);
  const title = view ? view.formName : t('intake.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    if (!token) return;
    void api.post('/public/intake/form', { token }, none).then((r) => (r.success && r.data.data ? setView(r.data.data) : setProblem(r.message ?? null)));
  }, [token]);

  return (
    <main className="container py-5" style={{ maxWidth: 720 }}>
      <ClinicBrandBar brand={view?.clinicBrand} name={view?.clinicName} />
      <h1 className="h3 fw-bold mb-4">{title}</h1>
      {problem !== undefined && <div className="alert alert-danger" role="alert">{linkProblem(t, problem ?? undefined)}</div>}
      {!view && problem === undefined && <Loading />}
      {view && (sent || view.answered) && (
        <div className="alert alert-success" role="status">{sent ? t('intakePage.thanks', { clinic: view.clinicName }) : t('intakePage.answered')}</div>
      )}
      {view && !sent && !view.answered && (
        <section className="card border-0 shadow-sm">
          <div className="card-body p-3 p-sm-4">
            <IntakeForm token={token} view={view} onSent={() => setSent(true)} />
          </div>
        </section>
      )}
    </main>
  );
}
