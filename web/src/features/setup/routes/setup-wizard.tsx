// /crafted/pages/wizards/setup (owner): six first steps of a new clinic. Each step saves through the
// API the rest of the console uses, can be skipped, and the progress is kept on the server
// (PUT /organization/setup), so the wizard resumes at the first step left, on any device. Steps start
// from what the clinic already has or entered earlier (the browser's time zone, the first service's
// length as the slot length); the end shows the booking page to share.
import { currencySymbol, fromMinor } from '#shared/currency';
import { moneyMessage, parseMoney } from '#shared/money-text';
import { MoneyInput, moneyHint, typingLocale } from '../../../components/money-input';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { WEEKDAYS, type Weekday } from '#shared/bookings/time';
import { MODULES, type Module, type PermissionEntry } from '#shared/permissions';
import { SETUP_STEPS, nextSetupStep, type SetupStep } from '#shared/reports/schemas';
import { BookingPageLink } from '../../../components/booking-page-link';
import { controlProps, Field } from '../../../components/field';
import { Loading } from '../../../components/loading';
import { RetryAlert } from '../../../components/retry-alert';
import { StatusBanner, type Status } from '../../../components/status-banner';
import { paths } from '../../../config/paths';
import type { ApiResult } from '../../../lib/api';
import { usePageTitle } from '../../../lib/layout';
import { notify } from '../../../lib/notify';
import {
  addMember,
  createBookingPackage,
  createCategory,
  createForm,
  createService,
  findCategories,
  saveAvailability,
  saveOrganization,
  saveSetupStep,
  useAvailabilitySettings,
  useBookablePackages,
  useOrganizationProfile,
  useServices,
  useSetupProgress,
  type SetupProgress,
} from '../api/setup';
import { useClinicCurrency } from '../../../lib/clinic-currency';

export const STEP_INFO: Record<SetupStep, { title: string; description: string; icon: string }> = {
  organization: { title: 'Organisation details', description: 'Your clinic’s name, contact details and time zone.', icon: 'bi-building' },
  service: { title: 'First service', description: 'What patients can book with you.', icon: 'bi-clipboard2-pulse' },
  hours: { title: 'Opening hours', description: 'When the booking page offers times.', icon: 'bi-clock' },
  package: { title: 'First booking package', description: 'What visitors choose and pay for on the booking page.', icon: 'bi-journal-bookmark' },
  form: { title: 'First form', description: 'A form for your website that collects leads.', icon: 'bi-ui-checks' },
  invite: { title: 'Invite a colleague', description: 'Someone who works with you in the console.', icon: 'bi-person-plus' },
};

/** The step after `step` still to do (else the first one left anywhere), or 'finished'. */
function following(step: SetupStep, progress: SetupProgress): SetupStep | 'finished' {
  const after = SETUP_STEPS.slice(SETUP_STEPS.indexOf(step) + 1).find((s) => progress.steps[s] === 'todo');
  return after ?? nextSetupStep(progress) ?? 'finished';
}

/** What a step of this visit entered that later steps start from. */
interface Entered {
  serviceMinutes?: number;
}

interface StepProps {
  /** Records the step as done (after its own save) and moves on. */
  onDone: () => Promise<void>;
  onSkip: () => Promise<void>;
  /** The steps' states on the server. */
  progress: SetupProgress;
  entered: Entered;
  remember: (patch: Entered) => void;
}

type Errors = Record<string, string>;

interface StepFormProps extends StepState {
  step: SetupStep;
  /** The step's API calls (useStepSave). */
  calls: Calls;
  children: ReactNode;
}

/** A step's form: its fields, the server's message and field errors, Skip and 'Save and continue'. */
function StepForm({ step, onSkip, save, calls, children, status }: StepFormProps) {
  const [busy, setBusy] = useState<'save' | 'skip' | null>(null);
  const run = (what: 'save' | 'skip', action: () => Promise<void>) => async (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(what);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };
  const info = STEP_INFO[step];
  return (
    <form className="card border-0 shadow-sm" onSubmit={run('save', () => save(calls))} noValidate aria-labelledby="step-title">
      <div className="card-header bg-transparent py-3">
        <p className="small text-body-secondary mb-1">
          Step {SETUP_STEPS.indexOf(step) + 1} of {SETUP_STEPS.length}
        </p>
        <h2 id="step-title" className="h5 fw-bold mb-1">
          {info.title}
        </h2>
        <p className="text-body-secondary mb-0">{info.description}</p>
      </div>
      <div className="card-body">
        <StatusBanner status={status} />
        <fieldset disabled={busy !== null} className="row g-3">
          {children}
        </fieldset>
      </div>
      <div className="card-footer bg-transparent d-flex flex-wrap justify-content-end gap-2 py-3">
        <button type="button" className="btn btn-light" disabled={busy !== null} onClick={() => void run('skip', onSkip)()}>
          {busy === 'skip' ? 'Please Wait...' : 'Skip this step'}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy !== null}>
          {busy === 'save' ? 'Please Wait...' : 'Save and continue'}
        </button>
      </div>
    </form>
  );
}

type Calls = () => Promise<ApiResult | undefined>;

/** Runs a step's API calls: the last result decides; a failure shows the server's message and field errors. */
function useStepSave(onDone: () => Promise<void>, fallback: string) {
  const [status, setStatus] = useState<Status | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const save = async (calls: Calls) => {
    setStatus(null);
    setErrors({});
    try {
      const result = await calls();
      if (result && !result.success) {
        setStatus({ kind: 'danger', text: result.message || fallback });
        setErrors(result.data.errors ?? {});
        return;
      }
      await onDone();
    } catch (error) {
      setStatus({ kind: 'danger', text: (error as Error).message || fallback });
    }
  };
  return { status, errors, save, setStatus };
}

/** A labelled text input bound to a key of `values`. */
function Input<K extends string>(props: {
  name: K;
  label: string;
  values: Record<K, string>;
  set: (name: K, value: string) => void;
  errors: Errors;
  errorKey?: string;
  type?: string;
  required?: boolean;
  className?: string;
  hint?: string;
  inputProps?: Record<string, unknown>;
}) {
  const error = props.errors[props.errorKey ?? props.name];
  const id = `setup-${props.name}`;
  return (
    <Field id={id} label={props.label} required={props.required} error={error} className={props.className ?? 'col-md-6'} hint={props.hint}>
      <input {...controlProps(id, error, { required: props.required })} type={props.type ?? 'text'} value={props.values[props.name]} onChange={(e) => props.set(props.name, e.target.value)} {...props.inputProps} />
    </Field>
  );
}

const useValues = <K extends string>(initial: Record<K, string>) => {
  const [values, setValues] = useState(initial);
  return { values, setValues, set: (name: K, value: string) => setValues((v) => ({ ...v, [name]: value })) };
};

/** What a StepForm takes of its step's state. */
interface StepState {
  onSkip: () => Promise<void>;
  status: Status | null;
  save: (calls: Calls) => Promise<void>;
}

/** A step's text values and its save: `form` for its StepForm, `common` for its Inputs. */
function useStep<K extends string>(initial: Record<K, string>, { onDone, onSkip }: Pick<StepProps, 'onDone' | 'onSkip'>, fallback: string) {
  const { values, setValues, set } = useValues(initial);
  const { status, errors, save } = useStepSave(onDone, fallback);
  const form: StepState = { onSkip, status, save };
  return { values, setValues, set, errors, form, common: { values, set, errors } };
}

/** The zones the wizard offers (Intl's list; empty where the browser cannot tell). */
const offeredZones = (): string[] => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);

/** The browser's time zone when it is one the wizard offers (not e.g. a bare 'UTC' or an unknown name). */
export function browserZone(zones: string[]): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && zones.includes(zone) ? zone : undefined;
}

function OrganizationStep({ progress, ...props }: StepProps) {
  const { data: org, error: loadError } = useOrganizationProfile();
  const { values, setValues, set, errors, form, common } = useStep({ name: '', legalName: '', email: '', phoneNumber: '', websiteUrl: '', timeZone: '' }, props, 'The organisation details could not be saved.');
  const [zones] = useState(offeredZones);
  // Until the owner has saved this step, the zone starts as the browser's: the organisation's may be the
  // server's default (an organisation made without one) rather than the clinic's.
  const suggested = progress.steps.organization === 'done' ? undefined : browserZone(zones);
  useEffect(() => {
    if (org) setValues({ name: org.name, legalName: org.legalName, email: org.email, phoneNumber: org.phoneNumber, websiteUrl: org.websiteUrl, timeZone: suggested ?? org.timeZone });
  }, [org, setValues, suggested]);
  if (!org && !loadError) return <Loading label="Loading organisation..." showLabel />;
  const zoneHint = suggested && org && suggested !== org.timeZone && values.timeZone === suggested ? `This browser's zone; the organisation has ${org.timeZone} until you save.` : 'Bookings, opening hours and reports use this zone.';
  return (
    <StepForm step="organization" {...form} status={loadError ? { kind: 'danger', text: 'The organisation details could not be loaded.' } : form.status} calls={() => saveOrganization(values)}>
      <Input name="name" label="Organisation name" required {...common} />
      <Input name="email" label="Organisation email" type="email" required {...common} />
      <Input name="legalName" label="Legal name" required {...common} />
      <Input name="websiteUrl" label="Website" required {...common} />
      <Input name="phoneNumber" label="Phone number" type="tel" required hint="A plus sign, then 10 to 15 digits." {...common} />
      <Field id="setup-timeZone" label="Time zone" required error={errors.timeZone} className="col-md-6" hint={zoneHint}>
        <select {...controlProps('setup-timeZone', errors.timeZone, { base: 'form-select', required: true })} value={values.timeZone} onChange={(e) => set('timeZone', e.target.value)}>
          {!zones.includes(values.timeZone) && values.timeZone && <option value={values.timeZone}>{values.timeZone}</option>}
          {zones.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
      </Field>
    </StepForm>
  );
}

/** A price the page refuses before any call, shown as the server's refusals are (banner and field). */
const priceRefusal = (field: string, message: string): ApiResult => ({ responseCode: 400, success: false, message: 'Please correct the price.', data: { message: 'Please correct the price.', errors: { [field]: message } } });

/** The wizard's price box: a MoneyInput in a Field, bound to a key of the step's values. */
function PriceInput<K extends string>({ name, label, currency, values, set, errors, errorKey, required, hint }: { name: K; label: string; currency: string; values: Record<K, string>; set: (name: K, value: string) => void; errors: Errors; errorKey?: string; required?: boolean; hint: string }) {
  const id = `setup-${name}`;
  const error = errors[errorKey ?? name];
  return (
    <Field id={id} label={label} required={required} error={error} className="col-md-6" hint={hint}>
      <MoneyInput currency={currency} {...controlProps(id, error, { required })} value={values[name]} onChange={(e) => set(name, e.target.value)} />
    </Field>
  );
}

function ServiceStep({ remember, ...props }: StepProps) {
  const { values, form, common } = useStep({ category: 'General', name: '', duration: '30', price: '' }, props, 'The service could not be saved.');
  // The price in the clinic's currency, in its minor units (¥5,000 is 5000); a service may be free.
  const { currency } = useClinicCurrency();
  // A category made by an attempt whose service then failed is used again, not made twice.
  const [categoryId, setCategoryId] = useState<string | null>(null);
  return (
    <StepForm
      step="service"
      {...form}
      calls={async () => {
        // As the owner writes numbers: '85,50' is 85.50, never 8550.
        const price = parseMoney(values.price.trim() || '0', currency, { locale: typingLocale(), anyAmount: true });
        if (price.problem) return priceRefusal('priceMinor', moneyMessage(price.problem, currency, { locale: typingLocale(), typed: values.price }));
        let category = categoryId;
        if (!category) {
          const made = await createCategory(values.category);
          // A category of that name exists already (409): the service goes into it.
          const existing = made.responseCode === 409 ? (await findCategories(values.category)).data.data?.items.find((c) => c.name.toLowerCase() === values.category.trim().toLowerCase()) : undefined;
          if (!made.success && !existing) return { ...made, data: { ...made.data, errors: { category: made.data.errors?.name ?? made.message } } };
          category = existing?.id ?? made.data.data!.id;
          setCategoryId(category);
        }
        const made = await createService({ categoryId: category, name: values.name, durationMinutes: Number(values.duration), priceMinor: price.minor, currency });
        if (made.success) remember({ serviceMinutes: Number(values.duration) });
        return made;
      }}
    >
      <Input name="category" label="Category" required {...common} inputProps={{ readOnly: categoryId !== null }} />
      <Input name="name" label="Service name" required {...common} />
      <Input name="duration" label="Duration (minutes)" type="number" required errorKey="durationMinutes" {...common} inputProps={{ min: 5, max: 1440 }} />
      <PriceInput name="price" label={`Price (${currencySymbol(currency)})`} currency={currency} errorKey="priceMinor" hint={moneyHint(currency, { minimum: false })} {...common} />
    </StepForm>
  );
}

const DAY_LABELS: Record<Weekday, string> = { monday: 'Mon', tuesday: 'Tue', wednesday: 'Wed', thursday: 'Thu', friday: 'Fri', saturday: 'Sat', sunday: 'Sun' };

/** A service length that can be a slot length (the availability's 5-720 minutes), else undefined. */
const asSlot = (minutes: number | undefined) => (minutes !== undefined && Number.isInteger(minutes) && minutes >= 5 && minutes <= 720 ? minutes : undefined);

function HoursStep({ progress, entered, ...props }: StepProps) {
  const { data: current, error: loadError } = useAvailabilitySettings();
  // A service saved in an earlier visit: the newest one stands for the one the wizard made.
  const services = useServices(entered.serviceMinutes === undefined && progress.steps.service === 'done');
  const newest = services.data?.items.reduce<(typeof services.data.items)[number] | undefined>((a, b) => (!a || b.createdAt > a.createdAt ? b : a), undefined);
  const serviceSlot = asSlot(entered.serviceMinutes ?? newest?.durationMinutes);
  const [days, setDays] = useState<Record<Weekday, boolean>>({ monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false, sunday: false });
  const { values, setValues, errors, form, common } = useStep({ opens: '09:00', closes: '17:00', slot: '30', capacity: '1' }, props, 'The opening hours could not be saved.');
  // The saved hours (or the first service's length) fill the form as they arrive: adjusted while rendering, not in an effect.
  const [filledFrom, setFilledFrom] = useState<{ current: typeof current; serviceSlot: number | undefined }>();
  if (current && (filledFrom?.current !== current || filledFrom.serviceSlot !== serviceSlot)) {
    setFilledFrom({ current, serviceSlot });
    // Not configured yet: the slot length starts as the first service's length (a 45-minute service, 45-minute slots).
    if (!current.configured) {
      if (serviceSlot) setValues((v) => ({ ...v, slot: String(serviceSlot) }));
    } else {
      const open = WEEKDAYS.find((d) => current.weeklyHours[d].length > 0);
      setDays(Object.fromEntries(WEEKDAYS.map((d) => [d, current.weeklyHours[d].length > 0])) as Record<Weekday, boolean>);
      setValues({ opens: open ? current.weeklyHours[open][0].start : '09:00', closes: open ? current.weeklyHours[open][0].end : '17:00', slot: String(current.slotMinutes), capacity: String(current.capacity) });
    }
  }
  // Wait for the service too, so the slot length does not change under the owner's hands.
  if ((!current && !loadError) || services.isLoading) return <Loading label="Loading opening hours..." showLabel />;
  const slotHint = !current?.configured && serviceSlot !== undefined && values.slot === String(serviceSlot) ? 'The length of your first service.' : undefined;
  const firstError = Object.entries(errors).find(([k]) => k.startsWith('weeklyHours'))?.[1];
  return (
    <StepForm
      step="hours"
      {...form}
      calls={() =>
        saveAvailability({
          weeklyHours: Object.fromEntries(WEEKDAYS.map((d) => [d, days[d] ? [{ start: values.opens, end: values.closes }] : []])),
          slotMinutes: Number(values.slot),
          capacity: Number(values.capacity),
          // What the clinic set elsewhere stays as it is.
          closedDates: current?.closedDates ?? [],
          minNoticeMinutes: current?.minNoticeMinutes ?? 0,
          maxDaysAhead: current?.maxDaysAhead ?? 180,
        })
      }
    >
      <fieldset className="col-12">
        <legend className="form-label fw-semibold small text-body-emphasis mb-1">Open on</legend>
        <div className="d-flex flex-wrap gap-3">
          {WEEKDAYS.map((d) => (
            <div key={d} className="form-check">
              <input id={`setup-day-${d}`} type="checkbox" className="form-check-input" checked={days[d]} onChange={(e) => setDays((v) => ({ ...v, [d]: e.target.checked }))} />
              <label htmlFor={`setup-day-${d}`} className="form-check-label">
                {DAY_LABELS[d]}
              </label>
            </div>
          ))}
        </div>
        {firstError && <div className="invalid-feedback d-block">{firstError}</div>}
      </fieldset>
      <Input name="opens" label="Opens at" type="time" required className="col-6 col-md-3" {...common} />
      <Input name="closes" label="Closes at" type="time" required className="col-6 col-md-3" {...common} />
      <Input name="slot" label="Slot length (minutes)" type="number" required errorKey="slotMinutes" className="col-6 col-md-3" hint={slotHint} {...common} />
      <Input name="capacity" label="Patients per slot" type="number" required errorKey="capacity" className="col-6 col-md-3" {...common} />
    </StepForm>
  );
}

function PackageStep(props: StepProps) {
  const { values, set, errors, form, common } = useStep({ packageName: '', packagePrice: '', packageDescription: '' }, props, 'The booking package could not be saved.');
  // The price in the clinic's currency (set at sign-up from its country): its symbol, step and minimum.
  const { currency } = useClinicCurrency();
  return (
    <StepForm
      step="package"
      {...form}
      calls={() => {
        // As the owner writes numbers ('85,00' is 85.00), sent in major units; the server checks the rest.
        const price = parseMoney(values.packagePrice, currency, { locale: typingLocale() });
        if (values.packagePrice.trim() && price.problem) return Promise.resolve(priceRefusal('packagePrice', moneyMessage(price.problem, currency, { locale: typingLocale(), typed: values.packagePrice })));
        return createBookingPackage({ packageName: values.packageName, packagePrice: price.minor === undefined ? '' : fromMinor(price.minor, currency), packageDescription: values.packageDescription });
      }}
    >
      <Input name="packageName" label="Package name" required {...common} />
      <PriceInput name="packagePrice" label={`Price (${currencySymbol(currency)})`} currency={currency} required hint={moneyHint(currency)} {...common} />
      <Field id="setup-packageDescription" label="Description" error={errors.packageDescription} className="col-12">
        <textarea {...controlProps('setup-packageDescription', errors.packageDescription)} rows={3} value={values.packageDescription} onChange={(e) => set('packageDescription', e.target.value)} />
      </Field>
    </StepForm>
  );
}

const FORM_FIELDS = [
  { id: 'full-name', label: 'Full name', type: 'text', required: true, fixed: true },
  { id: 'email', label: 'Email', type: 'email', required: true, fixed: true },
  { id: 'phone', label: 'Phone number', type: 'tel', required: false, fixed: false },
  { id: 'message', label: 'How can we help?', type: 'textarea', required: false, fixed: false },
] as const;

function FormStep(props: StepProps) {
  const { values, form, common } = useStep({ name: 'New patient enquiry', description: '' }, props, 'The form could not be saved.');
  const [extra, setExtra] = useState<Record<string, boolean>>({ phone: true, message: true });
  return (
    <StepForm
      step="form"
      {...form}
      calls={() =>
        createForm({
          name: values.name,
          description: values.description,
          fields: FORM_FIELDS.filter((f) => f.fixed || extra[f.id]).map((f) => ({ id: f.id, label: f.label, type: f.type, required: f.required })),
        })
      }
    >
      <Input name="name" label="Form name" required {...common} />
      <Input name="description" label="Description" {...common} />
      <fieldset className="col-12">
        <legend className="form-label fw-semibold small text-body-emphasis mb-1">Fields</legend>
        {FORM_FIELDS.map((f) => (
          <div key={f.id} className="form-check">
            <input
              id={`setup-field-${f.id}`}
              type="checkbox"
              className="form-check-input"
              checked={f.fixed || Boolean(extra[f.id])}
              disabled={f.fixed}
              onChange={(e) => setExtra((v) => ({ ...v, [f.id]: e.target.checked }))}
            />
            <label htmlFor={`setup-field-${f.id}`} className="form-check-label">
              {f.label}
              {f.fixed && <span className="text-body-secondary"> (always)</span>}
            </label>
          </div>
        ))}
        <p className="form-text mb-0">Add packages, more fields and a thank-you page later in the form builder.</p>
      </fieldset>
    </StepForm>
  );
}

const ROLES: { id: string; label: string; flags: Partial<Record<Module, string>> }[] = [
  { id: 'front-desk', label: 'Front desk: appointments, bookings and forms', flags: { Appointment: 'rw', BOOKING_PACKAGES: 'rw', FORMS: 'rw', Notifications: 'r' } },
  { id: 'clinician', label: 'Clinician: appointments', flags: { Appointment: 'rw', Notifications: 'r' } },
  { id: 'manager', label: 'Manager: everything, members included', flags: Object.fromEntries(MODULES.map((m) => [m, 'rwd'])) },
];
const permissionsOf = (flags: Partial<Record<Module, string>>): PermissionEntry[] =>
  MODULES.map((module) => ({ module, read: Boolean(flags[module]?.includes('r')), write: Boolean(flags[module]?.includes('w')), delete: Boolean(flags[module]?.includes('d')) }));

function InviteStep(props: StepProps) {
  const { values, set, form, common } = useStep({ email: '', firstName: '', lastName: '', role: 'front-desk' }, props, 'The invitation could not be sent.');
  return (
    <StepForm
      step="invite"
      {...form}
      calls={async () => {
        const result = await addMember({ email: values.email, firstName: values.firstName, lastName: values.lastName, permissions: permissionsOf(ROLES.find((r) => r.id === values.role)!.flags) });
        if (result.success) notify.success(`Invitation sent to ${values.email}`);
        return result;
      }}
    >
      <Input name="firstName" label="First name" required {...common} />
      <Input name="lastName" label="Last name" required {...common} />
      <Input name="email" label="Email" type="email" required {...common} />
      <Field id="setup-role" label="What they may do" className="col-md-6" hint="Change it any time on the member's page.">
        <select {...controlProps('setup-role', undefined, { base: 'form-select' })} value={values.role} onChange={(e) => set('role', e.target.value)}>
          {ROLES.map((r) => (
            <option key={r.id} value={r.id}>
              {r.label}
            </option>
          ))}
        </select>
      </Field>
    </StepForm>
  );
}

const STEP_COMPONENTS: Record<SetupStep, (p: StepProps) => ReactNode> = {
  organization: OrganizationStep,
  service: ServiceStep,
  hours: HoursStep,
  package: PackageStep,
  form: FormStep,
  invite: InviteStep,
};

/**
 * The wizard's end. It says the clinic is set up only when the booking page has something to book (an
 * active package): a skipped package step leaves a booking page that offers nothing, and the owner is
 * told so, with the way to add one, instead of a "set up" that is not true. Other skipped steps are
 * named, each a click away.
 */
function FinishedCard({ progress, open }: { progress: SetupProgress; open: (step: SetupStep) => void }) {
  const packages = useBookablePackages();
  const skipped = SETUP_STEPS.filter((s) => progress.steps[s] === 'skipped' && s !== 'package');
  const bookable = packages.data?.items.some((p) => p.isActive);
  const heading = packages.data === undefined ? 'Every step is done or skipped' : bookable ? 'Your clinic is set up' : 'Your booking page has nothing to book yet';
  return (
    <section className="card border-0 shadow-sm" aria-labelledby="setup-finished">
      <div className="card-body p-4">
        <h2 id="setup-finished" className="h5 fw-bold">
          {heading}
        </h2>
        {packages.error && !packages.data ? (
          <RetryAlert error={packages.error} fallback="The booking packages could not be checked." onRetry={() => void packages.mutate()} />
        ) : !packages.data ? (
          <Loading label="Checking the booking page..." />
        ) : bookable ? (
          <>
            <p className="text-body-secondary">Every step is done or skipped. You can open any step again from the list, or carry on from the dashboard.</p>
            <div className="mb-4">
              <BookingPageLink variant="inline" title="Your booking page" description="Share it with patients, add it to your website, or print its QR code for the front desk." />
            </div>
          </>
        ) : (
          <div className="alert alert-warning" role="status">
            <p className="fw-semibold mb-1">Still missing: a booking package.</p>
            <p className="mb-2">Your booking page has no active package, so patients who open it find nothing to book. Add one (what patients choose, for how long and at what price) and the booking page offers it at once.</p>
            <Link to={paths.bookings.addPackage} className="btn btn-warning btn-sm">
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              Add a booking package
            </Link>
          </div>
        )}
        {skipped.length > 0 && (
          <div className="mb-4">
            <p className="mb-1">Also skipped, to do whenever you like:</p>
            <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
              {skipped.map((s) => (
                <li key={s}>
                  <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => open(s)}>
                    {STEP_INFO[s].title}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        <Link to={paths.dashboard} className={`btn ${bookable ? 'btn-primary' : 'btn-light'}`}>
          Go to the dashboard
        </Link>
      </div>
    </section>
  );
}

const STATE_LABELS = { done: 'Done', skipped: 'Skipped', todo: 'To do' } as const;

export function SetupWizardPage() {
  usePageTitle('Set-up Wizard', [{ title: 'Dashboard', path: paths.dashboard }]);
  const { data: progress, error, mutate } = useSetupProgress();
  const [current, setCurrent] = useState<SetupStep | 'finished' | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const [entered, setEntered] = useState<Entered>({});
  // The first progress read picks the step to start on (while rendering, not in an effect).
  if (progress && current === null) setCurrent(nextSetupStep(progress) ?? 'finished');

  const record = async (step: SetupStep, state: 'done' | 'skipped') => {
    setMoveError(null);
    const result = await saveSetupStep(step, state).catch(() => undefined);
    if (!result?.success || !result.data.data) {
      setMoveError(result?.message || 'The set-up progress could not be saved. Please try again.');
      return;
    }
    await mutate(result.data.data, { revalidate: false });
    setCurrent(following(step, result.data.data));
  };

  if (error && !progress) {
    return <RetryAlert error={error} fallback="The set-up progress could not be loaded." onRetry={() => void mutate()} />;
  }
  if (!progress || current === null) return <Loading label="Loading set-up..." showLabel />;
  const Step = current === 'finished' ? null : STEP_COMPONENTS[current];
  const settled = SETUP_STEPS.filter((s) => progress.steps[s] !== 'todo').length;

  return (
    <div className="row g-4">
      <nav className="col-lg-4" aria-label="Set-up steps">
        <div className="card border-0 shadow-sm">
          <div className="card-body">
            <p className="small text-body-secondary mb-2">
              {settled} of {SETUP_STEPS.length} steps done or skipped
            </p>
            <ol className="list-unstyled d-grid gap-1 mb-0">
              {SETUP_STEPS.map((s, i) => (
                <li key={s}>
                  <button
                    type="button"
                    className={`btn w-100 text-start d-flex align-items-center gap-2${current === s ? ' btn-light fw-semibold' : ' btn-link text-decoration-none text-body'}`}
                    aria-current={current === s ? 'step' : undefined}
                    onClick={() => setCurrent(s)}
                  >
                    <i className={`bi ${progress.steps[s] === 'done' ? 'bi-check-circle-fill text-success' : progress.steps[s] === 'skipped' ? 'bi-dash-circle text-body-secondary' : STEP_INFO[s].icon}`} aria-hidden="true" />
                    <span>
                      {i + 1}. {STEP_INFO[s].title}
                    </span>{' '}
                    <span className="ms-auto small text-body-secondary">
                      <span className="visually-hidden">: </span>
                      {STATE_LABELS[progress.steps[s]]}
                    </span>
                  </button>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </nav>
      <div className="col-lg-8">
        {moveError && <StatusBanner status={{ kind: 'danger', text: moveError }} />}
        {Step ? (
          <Step
            key={current}
            onDone={() => record(current as SetupStep, 'done')}
            onSkip={() => record(current as SetupStep, 'skipped')}
            progress={progress}
            entered={entered}
            remember={(patch) => setEntered((e) => ({ ...e, ...patch }))}
          />
        ) : (
          <FinishedCard progress={progress} open={setCurrent} />
        )}
      </div>
    </div>
  );
}

export { SetupWizardPage as Component };
