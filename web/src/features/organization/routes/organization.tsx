// /organization: the organisation's profile and time zone (editable by the owner, shown to everyone),
// the reminder settings, the look of its mails (logo and colour),
// and, for the owner, the integrations: the key that public pages use (view, copy, replace) and the
// webhooks that send the organisation's events to other systems, and the booking page that key makes.
import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, memo, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { organizationSchema } from '#shared/account/schemas';
import { CURRENCIES, currencyOf, currencySymbol } from '#shared/currency';
import { address, currency, timeZone } from '#shared/organization/schemas';
import { defaultLanguage } from '#shared/organization/schemas';
import { LOCALES, LOCALE_NAMES, type Locale } from '#shared/i18n/locales';
import { Card } from '../../../components/card';
import { controlProps, Field, InputField, SelectField } from '../../../components/field';
import { Busy, Loading } from '../../../components/loading';
import { useSaveStatus } from '../../../lib/forms';
import { usePageTitle } from '../../../lib/layout';
import { notify } from '../../../lib/notify';
import { useRoles } from '../../../lib/roles';
import { updateOrganization, useOrganization, type OrganizationProfile } from '../api/organization';
import { failureText } from '../../../lib/api';
import { NearViewport } from '../../../components/near-viewport';
import Modal from '../../../components/modal';
import { CurrencyMoveNotice } from '../components/currency-move-notice';

// The cards under the reminder settings, with their code, once scrolled near (components/later-cards.tsx).
const LaterCards = lazy(() => import('../components/later-cards'));

export const profileFormSchema = z.extend(organizationSchema, { timeZone, address, currency, defaultLanguage });
type Input = z.input<typeof profileFormSchema>;
type Values = z.infer<typeof profileFormSchema>;
const FIELDS = ['name', 'email', 'legalName', 'websiteUrl', 'phoneNumber', 'timeZone', 'address', 'currency', 'defaultLanguage'] as const;

/** 'JPY · Japanese Yen' (the code alone where Intl has no name for it). */
function currencyLabel(code: string, names: Intl.DisplayNames | undefined): string {
  const upper = code.toUpperCase();
  const name = names?.of(upper);
  return name && name !== upper ? `${upper} · ${name}` : upper;
}

const zones = (): string[] => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);

/**
 * The time zones the field suggests (~420 options), listed once the field is first focused: nobody
 * sees them before, and building them with the page made its first render and commit longer.
 */
// memo: the form re-renders on each keystroke, and these ~420 options need not be built again.
const TimeZoneList = memo(function TimeZoneList({ id, inputId }: { id: string; inputId: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const input = document.getElementById(inputId);
    if (!input || shown) return;
    const show = () => setShown(true);
    // Already focused (a click that came before this effect): list them now.
    if (document.activeElement === input) show();
    input.addEventListener('focus', show, { once: true });
    return () => input.removeEventListener('focus', show);
  }, [inputId, shown]);
  return <datalist id={id}>{shown && zones().map((z) => <option key={z} value={z} />)}</datalist>;
});

let currencyLabels: Map<string, string> | undefined;
/** Each currency's label, worked out once per session (Intl.DisplayNames for ~160 codes). */
function currencyLabelOf(code: string): string {
  if (!currencyLabels) {
    const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'currency' }) : undefined;
    currencyLabels = new Map(CURRENCIES.map((c) => [c, currencyLabel(c, names)]));
  }
  return currencyLabels.get(code) ?? currencyLabel(code, undefined);
}

/**
 * What a change of currency does to the prices already set (README "Currencies"): nothing is
 * converted; each keeps the currency it was set in until it is priced again.
 */
export function currencyChangeText(from: string, to: string): string[] {
  const [old, next] = [from.toUpperCase(), to.toUpperCase()];
  return [
    `New prices are set, and charged, in ${next} (${currencySymbol(to)}).`,
    `Prices set in ${old} are not converted: booking packages, form packages and services keep charging their ${old} amounts until you price them again. Their editors show them in ${old} (${currencySymbol(from)}), with a button to set a price in ${next}.`,
  ];
}

function ProfileForm({ org, editable, onSaved }: { org: OrganizationProfile; editable: boolean; onSaved: (o: OrganizationProfile) => void }) {
  // A change of currency is confirmed in a dialog that says what happens to the prices already set.
  const [confirming, setConfirming] = useState<Values | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting, isValid, isDirty },
  } = useForm<Input, unknown, Values>({
    resolver: zodResolver(profileFormSchema),
    mode: 'onTouched',
    defaultValues: { name: org.name, email: org.email, legalName: org.legalName, websiteUrl: org.websiteUrl, phoneNumber: org.phoneNumber, timeZone: org.timeZone, address: org.address ?? '', currency: org.currency ?? 'usd', defaultLanguage: org.defaultLanguage ?? 'en' },
  });
  const { status, send } = useSaveStatus(setError, FIELDS);
  const e = (name: (typeof FIELDS)[number]) => errors[name]?.message;
  const saved = currencyOf(org.currency);
  const save = async (values: Values) => {
    const result = await send(() => updateOrganization(values), 'The profile could not be saved.');
    if (!result?.data.data) return;
    notify.success(result.message);
    reset(values);
    onSaved(result.data.data);
  };
  const submit = handleSubmit(async (values) => {
    if (values.currency && values.currency !== saved) setConfirming(values);
    else await save(values);
  });
  const chosen = currencyOf(useWatch({ control, name: 'currency' }));
  const currencyHint = chosen !== saved ? currencyChangeText(saved, chosen).join(' ') : 'Prices are set and charged in it. It can change only while no booking is held and no card payment is open.';
  return (
    <Card
      titleId="org-title"
      title="Organisation profile"
      onSubmit={submit}
      status={status}
      footer={
        editable && (
          <button type="submit" className="btn btn-primary" disabled={isSubmitting || !isValid || !isDirty}>
            {isSubmitting ? <Busy /> : 'Save changes'}
          </button>
        )
      }
    >
      {!editable && <p className="small text-body-secondary">Only the owner can change these details.</p>}
      <fieldset disabled={!editable || isSubmitting} className="row g-3">
        <InputField field={register('name')} label="Organisation name" required error={e('name')} className="col-md-6" autoComplete="organization" />
        <InputField field={register('email')} label="Organisation email" required error={e('email')} className="col-md-6" type="email" />
        <InputField field={register('legalName')} label="Legal name" required error={e('legalName')} className="col-md-6" />
        <InputField field={register('websiteUrl')} label="Website" required error={e('websiteUrl')} className="col-md-6" type="url" placeholder="www.yourclinic.com" />
        <InputField field={register('phoneNumber')} label="Phone number" required error={e('phoneNumber')} className="col-md-6" type="tel" />
        <InputField
          field={register('timeZone')}
          label="Time zone"
          required
          error={e('timeZone')}
          className="col-md-6"
          hint="Bookings and times shown to visitors use it."
          list="time-zones"
          autoComplete="off"
        />
        <TimeZoneList id="time-zones" inputId="timeZone" />
        <SelectField field={register('currency')} label="Currency" required error={e('currency')} className="col-md-6" hint={currencyHint} options={CURRENCIES} optionLabel={currencyLabelOf} />
        <SelectField field={register('defaultLanguage')} label="Patients' language" required error={e('defaultLanguage')} className="col-md-6" hint="Booking pages, forms and patient mails use it when the patient's browser asks for none of these languages." options={LOCALES} optionLabel={(l) => LOCALE_NAMES[l as Locale]} optionLang />
        <Field id="address" label="Postal address" error={e('address')} className="col-12" hint="Optional. Patients see it, with the phone number, on the page that manages their booking.">
          <textarea {...register('address')} {...controlProps('address', e('address'))} rows={3} maxLength={300} autoComplete="street-address" />
        </Field>
      </fieldset>
      <Modal show={confirming !== null} onHide={() => setConfirming(null)} centered aria-labelledby="currency-change-title">
        <Modal.Header closeButton>
          <Modal.Title id="currency-change-title" as="h2" className="h5 fw-bold">
            Change the currency from {saved.toUpperCase()} to {chosen.toUpperCase()}?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {currencyChangeText(saved, chosen).map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p className="mb-0 small text-body-secondary">It can change only while no booking is held and no card payment is open.</p>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-light" onClick={() => setConfirming(null)}>
            Keep {saved.toUpperCase()}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              const values = confirming;
              setConfirming(null);
              if (values) void save(values);
            }}
          >
            Change to {chosen.toUpperCase()}
          </button>
        </Modal.Footer>
      </Modal>
    </Card>
  );
}

/** Reminders and what patients may change themselves (with their manage link); the owner edits it. */
function PolicyForm({ org, editable, onSaved }: { org: OrganizationProfile; editable: boolean; onSaved: (o: OrganizationProfile) => void }) {
  const [reminderHours, setReminderHours] = useState(String(org.reminderHours));
  const [reminderSms, setReminderSms] = useState(org.reminderSms);
  const [cutoff, setCutoff] = useState(String(org.cancellationCutoffHours));
  const [refund, setRefund] = useState(org.cancellationRefund);
  const [smsCountries, setSmsCountries] = useState((org.smsCountryCodes ?? []).join(', '));
  const { status, send } = useSaveStatus();
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const smsCountryCodes = smsCountries.split(/[\s,;]+/).filter(Boolean);
    const result = await send(
      () => updateOrganization({ reminderHours: Number(reminderHours), reminderSms, cancellationCutoffHours: Number(cutoff), cancellationRefund: refund, smsCountryCodes }),
      'The settings could not be saved.',
    );
    setBusy(false);
    if (!result?.data.data) return;
    notify.success(result.message);
    onSaved(result.data.data);
  };
  return (
    <Card
      titleId="policy-title"
      title="Reminders and patient changes"
      onSubmit={submit}
      status={status}
      footer={
        editable && (
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? <Busy /> : 'Save settings'}
          </button>
        )
      }
    >
      <fieldset disabled={!editable}>
        <div className="row g-3">
          <Field id="reminderHours" label="Reminder (hours before)" className="col-md-6" hint="Mail to patients before each confirmed booking and appointment; 0 turns reminders off.">
            <input id="reminderHours" type="number" min={0} max={336} step={1} className="form-control" value={reminderHours} onChange={(e) => setReminderHours(e.target.value)} />
          </Field>
          <div className="col-md-6 d-flex align-items-center">
            <div className="form-check mt-md-4">
              <input id="reminderSms" type="checkbox" className="form-check-input" checked={reminderSms} onChange={(e) => setReminderSms(e.target.checked)} />
              <label htmlFor="reminderSms" className="form-check-label">Also by SMS to patients who gave a phone number</label>
            </div>
          </div>
          <Field id="smsCountryCodes" label="SMS may go to (country codes)" className="col-md-12" hint="Text messages go only to numbers of these countries, e.g. +1, +44 (a defence against SMS fraud). Empty: no text messages.">
            <input id="smsCountryCodes" type="text" inputMode="tel" className="form-control" value={smsCountries} onChange={(e) => setSmsCountries(e.target.value)} />
          </Field>
          <Field id="cancellationCutoffHours" label="Patients may change until (hours before)" className="col-md-6" hint="With the link in their booking mails, patients reschedule or cancel until then.">
            <input id="cancellationCutoffHours" type="number" min={0} max={336} step={1} className="form-control" value={cutoff} onChange={(e) => setCutoff(e.target.value)} />
          </Field>
          <Field id="cancellationRefund" label="A patient's cancellation refunds" className="col-md-6">
            <select id="cancellationRefund" className="form-select" value={refund} onChange={(e) => setRefund(e.target.value as 'full' | 'none')}>
              <option value="full">The full payment</option>
              <option value="none">Nothing</option>
            </select>
          </Field>
        </div>
      </fieldset>
    </Card>
  );
}

export function OrganizationPage() {
  usePageTitle('Organisation', [{ title: 'Organisation' }]);
  const { isOwner, loading } = useRoles();
  const { data, error, mutate } = useOrganization();
  // The profile prefetched with the page (app/routes.tsx) is shown on the first render. swr's isLoading
  // says true then all the same, until it has asked again a frame later: waiting for it drew the spinner
  // first and then the whole page in one synchronous render inside that frame (its longest task on a
  // phone). Not reading isLoading also spares a render when that second answer changes nothing.
  if (loading || (!data && !error)) return <Loading label="Loading the organisation..." showLabel />;
  if (error || !data) {
    return (
      <div className="alert alert-danger" role="alert">
        {failureText(error, 'The organisation could not be loaded.')}
      </div>
    );
  }
  // Each card starts again from the saved profile (its key) once any of them saves.
  const card = { org: data, editable: isOwner, onSaved: (o: OrganizationProfile) => void mutate(o, { revalidate: false }) };
  return (
    <div className="d-grid gap-4">
      <CurrencyMoveNotice currency={data.currency} isOwner={isOwner} onMoved={() => mutate()} />
      <ProfileForm key={data.updatedAt} {...card} />
      <PolicyForm key={`policy-${data.updatedAt}`} {...card} />
      {/* Below the fold on every screen: about the cards' height on a phone holds their place. */}
      <NearViewport minHeight={isOwner ? 1600 : 450}>
        <LaterCards {...card} />
      </NearViewport>
    </div>
  );
}

export { OrganizationPage as Component };
