// form-builder/public/:formId/:apiKey: the public form page (spec sections 2, 4, 5 and 8). A visitor
// reads the form, picks a package (cards, or inline when the only package takes a custom amount),
// fills in the fields and submits, then pays by card when the package is payable. Every rule comes
// from shared/forms (the server checks the same ones again). No console code is loaded here.
import { useEffect, useRef, useState } from 'react';
import { buttonTexts, defaultPackage, pageLayout, REDIRECT_DELAY_MS, redirectTarget } from '#shared/forms/page';
import { currencyOf, currencyRules, currencySymbol, formatMoney, minimumOf, toInputValue, type Currency } from '#shared/currency';
import { parseMoney } from '#shared/money-text';
import { parseCustomAmount, toItems, validateSubmission, type Issue } from '#shared/forms/validate';
import { FormFieldInput, type FieldValue } from '../../components/form-field-input';
import { ChallengeStatus, useChallenge, type ChallengeHandle } from '../../lib/challenge';
import { useIdempotencyKeys } from '../../lib/idempotency';
import { useSearchParam } from '../../lib/location';
import { checkoutNavigation } from '../../lib/checkout';
import { createPaymentLink, getPublicForm, submitForm, type PaymentLinkRequest, type PublicForm, type PublicPackage } from './api';
import { ErrorDialog, type DialogMessage } from './components/error-dialog';
import { DescriptionHtml } from './components/package-card';
import { ErrorList } from './components/error-list';
import { FormNotices } from './components/form-notices';
import { PackageCards } from './components/package-cards';
import { useFormUploads } from './use-form-uploads';
import { keepCheckout, usePaymentReturn } from './use-payment-return';
import { useChallengeTexts, useClinicLocale, useI18n, useT, type MessageKey, type Translate } from '../../i18n/i18n';
import { ClinicBrandBar } from '../clinic-brand';
import { ruleMessage } from '../../i18n/rules';
import { ruleMessages } from '../shared/form-rules';

/** The default button texts in the page's language (the amount's messages go through ruleMessage). */
const BUTTON_TEXTS: Record<string, MessageKey> = { 'Pay Now': 'form.payNow', 'Submit Form': 'form.submitForm', Submit: 'form.submit' };
const buttonText = (t: Translate, text: string) => (BUTTON_TEXTS[text] ? t(BUTTON_TEXTS[text]) : text);

type Values = Record<string, FieldValue>;

/** The server refused the submission (its message is shown); anything else is unexpected. */
class SubmitFailed extends Error {}

/** Loads the form once (no swr here: the page's JS stays small). */
function usePublicForm(formId: string, apiKey: string) {
  // With the form and key it answers for: another one is loading until its own answer.
  const asked = `${formId}/${apiKey}`;
  const [state, setState] = useState<{ asked: string; data?: PublicForm; error?: string }>();
  useEffect(() => {
    let live = true;
    getPublicForm(formId, apiKey)
      .then((result) => {
        if (!live) return;
        if (result.success && result.data.data) setState({ asked, data: result.data.data });
        // '' and 'offline': the page's own texts, in its language.
        else setState({ asked, error: result.message || '' });
      })
      .catch(() => live && setState({ asked, error: 'offline' }));
    return () => {
      live = false;
    };
  }, [formId, apiKey, asked]);
  return state?.asked === asked ? { data: state.data, error: state.error, loading: false } : { loading: true };
}

/** The page's own address, for Stripe to send the visitor back to, in the page's language. */
function returnUrl(payment: 'success' | 'cancelled', locale: string) {
  const url = `${window.location.origin}${window.location.pathname}?payment=${payment}&lang=${locale}`;
  return payment === 'success' ? `${url}&session_id={CHECKOUT_SESSION_ID}` : url;
}

/** Opens a URL in a new tab after the spec's delay; false when the browser blocked it. */
function openLater(url: string, onBlocked: () => void) {
  window.setTimeout(() => {
    const opened = window.open(url, '_blank');
    if (opened) opened.opener = null;
    else onBlocked();
  }, REDIRECT_DELAY_MS);
}

interface FormBodyProps {
  form: PublicForm;
  pkg: PublicPackage | undefined;
  values: Values;
  setValue: (fieldId: string, value: FieldValue) => void;
  amount: string;
  setAmount: (value: string) => void;
  issues: Issue[];
  processing: boolean;
  onSubmit: (withPayment: boolean) => void;
  /** Uploads a file chosen for a file field; resolves to the key to submit. */
  onFile: (fieldId: string, file: File) => Promise<string>;
  idPrefix: string;
  /** The connection check, its status shown under the buttons (lib/challenge.tsx). */
  challenge: ChallengeHandle;
}

/**
 * The custom amount as the API reads it ('40.50'), from what the patient typed in their language
 * ('40,50', '1.234,50', Arabic digits: shared/money-text.ts); as typed when it reads more than one way,
 * so the amount's own check refuses it with its message instead of a guess.
 */
function canonicalAmount(typed: string, currency: Currency, locale: string): string {
  const read = parseMoney(typed, currency, { locale, anyAmount: true });
  return read.minor !== undefined ? toInputValue(read.minor, currency) : typed.trim();
}

/** The chosen package, its amount field, the fields and the two buttons: inline or in the dialog. */
function FormBody({ form, pkg, values, setValue, amount, setAmount, issues, processing, onSubmit, onFile, idPrefix, challenge }: FormBodyProps) {
  const { t, intl } = useI18n();
  const challengeTexts = useChallengeTexts();
  const texts = buttonTexts(form, pkg);
  const fieldError = (id: string) => issues.find((i) => i.key === id)?.message;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(true);
      }}
      aria-label={form.name}
    >
      <ErrorList issues={issues} />
      {pkg && (
        <p className="mb-3">
          {t('form.package')} <strong>{pkg.name}</strong>
          {!pkg.customAmountEnabled && pkg.isPayable && <span className="text-body-secondary"> ({formatMoney(pkg.priceCents, currencyOf(pkg.currency), intl)})</span>}
        </p>
      )}
      {pkg?.customAmountEnabled && pkg.isPayable && (
        <div className="mb-3">
          <label htmlFor={`${idPrefix}-amount`} className="form-label fw-semibold small text-body-emphasis mb-1">
            {t('form.amount', { currency: currencyOf(pkg.currency).toUpperCase() })}<span className="text-danger ms-1" aria-hidden="true">*</span>
          </label>
          <div className="input-group">
            <span className="input-group-text">{currencySymbol(currencyOf(pkg.currency))}</span>
            {/* Text, not a number input: Chromium's number input read '40,50' typed on an English phone as 4050. */}
            <input
              id={`${idPrefix}-amount`}
              type="text"
              autoComplete="off"
              inputMode={currencyRules(currencyOf(pkg.currency)).decimals ? 'decimal' : 'numeric'}
              className={`form-control${fieldError('amount') ? ' is-invalid' : ''}`}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              disabled={processing}
            />
          </div>
          {pkg.priceCents > minimumOf(currencyOf(pkg.currency)) && <div className="form-text">{t('form.atLeast', { amount: formatMoney(pkg.priceCents, currencyOf(pkg.currency), intl) })}</div>}
        </div>
      )}
      {form.fields.map((field) => (
        <FormFieldInput
          key={field.id}
          field={field}
          idPrefix={idPrefix}
          value={values[field.id]}
          onChange={(v) => setValue(field.id, v)}
          onFile={(file) => onFile(field.id, file)}
          error={fieldError(field.id)}
          disabled={processing}
        />
      ))}
      <div className="d-flex flex-wrap gap-2 mt-4">
        <button type="submit" className="btn btn-primary px-4" disabled={processing}>
          {processing ? t('form.processing') : buttonText(t, texts.primary)}
        </button>
        {texts.secondary && (
          <button type="button" className="btn btn-light px-4" disabled={processing} onClick={() => onSubmit(false)}>
            {processing ? t('form.processing') : buttonText(t, texts.secondary)}
          </button>
        )}
      </div>
      <ChallengeStatus challenge={challenge} texts={challengeTexts} />
    </form>
  );
}

/** The form's title: the clinic's name, the form's name and its description. */
function FormIntro({ form }: { form: PublicForm }) {
  return (
    <header className="mb-4">
      <ClinicLine>{form.organizationName}</ClinicLine>
      <h1 className="h2 fw-bold text-body-emphasis">{form.name}</h1>
      {form.description && <p className="text-body-secondary mb-0 clinic-text" style={{ whiteSpace: 'pre-line' }}>{form.description}</p>}
    </header>
  );
}

/** The only package, taking a custom amount: its name and description over the form. */
function InlinePackage({ pkg, children }: { pkg: PublicPackage; children: React.ReactNode }) {
  return (
    <section className="card border-0 shadow-sm" aria-label={pkg.name}>
      <div className="card-body p-4">
        <h2 className="h5 fw-bold">{pkg.name}</h2>
        <DescriptionHtml html={pkg.description} className="text-body-secondary mb-3" />
        {children}
      </div>
    </section>
  );
}

function PublicFormView({ form, apiKey }: { form: PublicForm; apiKey: string }) {
  const { t, locale, intl } = useI18n();
  useClinicLocale(form.organizationLanguage, form.organizationRegion);
  const payment = useSearchParam('payment');
  const [packageId, setPackageId] = useState<string | undefined>(() => defaultPackage(form.packages, form.packageId)?.id);
  const pkg = form.packages.find((p) => p.id === packageId);
  const [values, setValues] = useState<Values>({});
  /** The values as last set (a submit reads them: an upload may end after the render it was pressed in). */
  const latest = useRef<Values>({});
  const replaceValues = (next: Values) => {
    latest.current = next;
    setValues(next);
  };
  const [amount, setAmount] = useState('');
  const [issues, setIssues] = useState<Issue[]>([]);
  const [processing, setProcessing] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [error, setError] = useState<DialogMessage | null>(null);
  const [blockedLink, setBlockedLink] = useState<string>();
  /** The success notice (spec: 'Redirecting to payment page...', or the form's success message). */
  const [notice, setNotice] = useState<string>();
  /**
   * One key per submission, payment link and file the visitor sends: a retry of the same one (an
   * error, a second click) sends the same key, so it makes one lead, one payment, one stored file.
   */
  const keys = useIdempotencyKeys();
  // Back from the checkout with the back button, this page as it was (last argument): not still 'Redirecting...'.
  const { outcome, unpaid, clearOutcome } = usePaymentReturn(form.id, payment, (ended) => {
    setNotice(undefined);
    setBlockedLink(undefined);
    if (ended === 'success') {
      keys.forget();
      replaceValues({});
      setAmount('');
    }
  }, () => setNotice(undefined));
  const layout = pageLayout(form.packages);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);
  /** The connection check the submission is sent with (solved in the background, issue 28). */
  const challenge = useChallenge('form', apiKey);

  const setValue = (fieldId: string, value: FieldValue) => replaceValues({ ...latest.current, [fieldId]: value });
  const uploads = useFormUploads(form.id, apiKey, keys);

  const submit = async (withPayment: boolean) => {
    const pay = withPayment && pkg?.isPayable === true;
    setNotice(undefined);
    let current = latest.current;
    if (uploads.inFlight()) {
      // The fields are disabled while it waits, so nothing else changes meanwhile.
      setIssues([]);
      setProcessing(true);
      current = { ...latest.current, ...(await uploads.settle()) };
      if (!mounted.current) return;
    }
    const found = validateSubmission({ fields: form.fields, packages: form.packages }, { items: toItems(current), packageId: pkg?.id }, { messages: ruleMessages(t) }).issues;
    if (pay && pkg?.customAmountEnabled) {
      const parsed = parseCustomAmount(canonicalAmount(amount, currencyOf(pkg.currency), intl), pkg.priceCents, currencyOf(pkg.currency));
      if (parsed.error) {
        // In the page's language, the currency's own rule too ('Minimum ¥50', 'Amounts in JPY have no decimals').
        found.push({ key: 'amount', message: ruleMessage(t, parsed.error) });
      }
    }
    setIssues(found);
    if (found.length) return setProcessing(false);

    setProcessing(true);
    try {
      // The page's language goes with the lead: its mails and the payment's use it.
      const submission = { apiKey, items: toItems(current), packageId: pkg?.id ?? null, locale };
      const submitted = await submitForm(form.id, submission, keys.keyFor(['submission', form.id, submission]), await challenge.take());
      if (!submitted.success || !submitted.data.data) {
        // The server's rules in the page's language (the same rules the page checked, or a payment's).
        const serverIssues = Object.entries(submitted.data.errors ?? {}).map(([key, message]) => ({ key, message: ruleMessage(t, message) }));
        if (serverIssues.length) setIssues(serverIssues);
        throw new SubmitFailed(submitted.success ? t('form.submitFailed') : ruleMessage(t, submitted.message));
      }
      const { submissionId } = submitted.data.data;
      if (pay && pkg) {
        const request: PaymentLinkRequest = {
          formId: form.id, apiKey, packageId: pkg.id, submissionId, currency: currencyOf(pkg.currency), locale,
          ...(pkg.customAmountEnabled ? { amount: canonicalAmount(amount, currencyOf(pkg.currency), intl) } : {}),
          successUrl: returnUrl('success', locale), cancelUrl: returnUrl('cancelled', locale),
        };
        const link = await createPaymentLink(request, keys.keyFor(['payment', request]));
        if (!link.success || !link.data.data?.url) {
          setError({ title: 'Payment Error', text: link.message ? ruleMessage(t, link.message) : link.success ? t('form.linkFailed') : t('form.paymentFailed') });
          return;
        }
        const url = link.data.data.url;
        // Keys are kept until the payment is done: paying again after a cancel replays the same
        // submission and the same checkout (no second lead), and a change of the form makes new ones.
        clearOutcome();
        setNotice(t('form.redirecting'));
        setDialogOpen(false);
        keepCheckout(form.id, url);
        // In this tab, after the spec's delay (the notice shows meanwhile): no popup for a phone to block.
        window.setTimeout(() => checkoutNavigation.go(url), REDIRECT_DELAY_MS);
        return;
      }
      keys.forget();
      // The clinic's own message as written; else the server's in English, the page's own in another language.
      setNotice(form.successMessage || (locale === 'en' && submitted.message) || t('form.thanks'));
      replaceValues({});
      setAmount('');
      setDialogOpen(false);
      const target = redirectTarget(form.redirectUrl, window.location.origin);
      if (target) openLater(target, () => mounted.current && setBlockedLink(target));
    } catch (e) {
      if (e instanceof SubmitFailed) setError({ title: 'Submission Failed', text: e.message || t('form.submitError') });
      // No answer at all (a lost connection, most often): the answers and the request's key are kept, so
      // sending again is safe (a stored submission is replayed, not made twice).
      else setError({ title: 'Submission Error', text: t('form.unexpected'), hint: t('form.unexpectedHint') });
    } finally {
      if (mounted.current) setProcessing(false);
    }
  };

  const body = (idPrefix: string) => (
    <FormBody form={form} pkg={pkg} values={values} setValue={setValue} amount={amount} setAmount={setAmount} issues={issues} processing={processing} onSubmit={submit} onFile={uploads.upload} idPrefix={idPrefix} challenge={challenge} />
  );
  return (
    <>
      <FormIntro form={form} />
      <FormNotices outcome={outcome} unpaid={unpaid} notice={notice} blockedLink={blockedLink} />

      {layout === 'fields' && <section className="card border-0 shadow-sm"><div className="card-body p-4">{body('inline')}</div></section>}

      {layout === 'inline' && pkg && <InlinePackage pkg={pkg}>{body('inline')}</InlinePackage>}

      {layout === 'cards' && (
        <PackageCards
          form={form} packageId={packageId} issues={issues} dialogOpen={dialogOpen} processing={processing} onHide={() => setDialogOpen(false)}
          onSelect={(id) => {
            setPackageId(id);
            setIssues([]);
            setDialogOpen(true);
          }}
        >
          {body('dialog')}
        </PackageCards>
      )}
      <ErrorDialog message={error} onHide={() => setError(null)} />
    </>
  );
}

/** The clinic's name above the form's, so visitors recognise whose form it is (one line, kept while loading). */
function ClinicLine({ children }: { children: React.ReactNode }) {
  return (
    <p className="fs-6 fw-semibold text-body-secondary mb-1 text-truncate placeholder-glow" style={{ minHeight: '1.5em' }} data-testid="clinic-name">
      {children}
    </p>
  );
}

/**
 * The first paint (prerendered) and the wait for the form: its title and a card, with the space of the
 * form's name kept, so the page does not jump when the form arrives.
 */
function FormSkeleton() {
  const t = useT();
  return (
    <div aria-busy="true">
      <header className="mb-4">
        <ClinicLine>
          <span className="placeholder col-3 rounded" aria-hidden="true" />
        </ClinicLine>
        <h1 className="h2 fw-bold text-body-emphasis placeholder-glow">
          <span className="placeholder col-6 rounded" />
          <span className="visually-hidden">{t('form.loading')}</span>
        </h1>
      </header>
      <section className="card border-0 shadow-sm" aria-hidden="true">
        <div className="card-body p-4 placeholder-glow">
          <span className="placeholder col-3 rounded mb-2" />
          <span className="placeholder col-12 rounded mb-4 d-block" style={{ height: 38 }} />
          <span className="placeholder col-3 rounded mb-2" />
          <span className="placeholder col-12 rounded d-block" style={{ height: 38 }} />
        </div>
      </section>
    </div>
  );
}

export function PublicFormPage({ formId, apiKey }: { formId: string; apiKey: string }) {
  const { data, error, loading } = usePublicForm(formId, apiKey);
  const t = useT();
  const title = data?.name;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  return (
    <main className="container py-5" style={{ maxWidth: 1140 }}>
      <ClinicBrandBar brand={data?.organizationBrand} name={data?.organizationName} />
      {loading ? (
        <FormSkeleton />
      ) : error || !data ? (
        <div className="alert alert-danger" role="alert">
          {error === 'offline' ? t('form.loadFailed') : error ? ruleMessage(t, error) : t('form.unavailable')}
        </div>
      ) : (
        <PublicFormView form={data} apiKey={apiKey} />
      )}
    </main>
  );
}
