// The appointment booking form (spec section 3 "Appointment booking"), shared by the console's Book
// Appointment (in English) and the public request page (in the page's language: its words and a
// translator of the rule and API messages come as props, so the form loads no catalogue itself). It
// uses no form or schema library (the public page must stay small): the checks and messages come from
// shared/appointments/form.ts, which the API's schema is built from. The two optional files are checked for type and size, and large photos are shrunk
// in the browser first (the API takes at most 2 MB per file).
import { useRef, useState } from 'react';
import {
  APPOINTMENT_GENDERS, ATTACHMENT_ACCEPT, ATTACHMENT_FIELDS, ATTACHMENT_LABELS, ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, BOOKING_FORM_FIELDS,
  validateAppointmentForm, type AttachmentField, type BookingFormField, type BookingFormValues,
} from '#shared/appointments/form';
import { formatMoney } from '#shared/currency';
import { controlProps, Field } from './field';
import { Busy } from './loading';
import { localToday } from '../lib/today';

const EMPTY = Object.fromEntries(BOOKING_FORM_FIELDS.map((f) => [f, ''])) as BookingFormValues;
const MAX_MB = ATTACHMENT_MAX_BYTES / 1024 / 1024;

export interface SubmitResult {
  success: boolean;
  message: string;
  errors?: Record<string, string>;
  /** The new appointment's id (staff bookings). */
  id?: string;
}

/** A photo over the limit, redrawn at most 2000 px wide or high as JPEG; anything else as it is. */
export async function shrinkImage(file: File): Promise<File> {
  if (file.size <= ATTACHMENT_MAX_BYTES || !/^image\/(jpeg|png|webp)$/.test(file.type) || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, 2000 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob ? new File([blob], `${file.name.replace(/\.\w+$/, '')}.jpg`, { type: 'image/jpeg' }) : file;
  } catch {
    return file;
  }
}

/**
 * The form's words. The console shows ENGLISH (the API's own messages); the public request page passes
 * its language's (request-page.tsx), and `message` translates what the rules and the API say.
 */
export interface BookingFormTexts {
  form: string;
  patient: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  gender: string;
  selectGender: string;
  genders: Record<(typeof APPOINTMENT_GENDERS)[number], string>;
  dob: string;
  appointment: string;
  bookingDate: string;
  bookingTime: string;
  appointmentType: string;
  chooseType: string;
  preferredLocation: string;
  reasonOfAppointment: string;
  insurance: string;
  primaryInsurance: string;
  insuranceMemberId: string;
  attachments: Record<AttachmentField, string>;
  fileHint: string;
  fileType: (label: string) => string;
  fileTooLarge: (label: string) => string;
  additionalNotes: string;
  correct: string;
  failed: string;
  offline: string;
  wait: string;
}

const ALLOWED_TYPES = Object.values(ATTACHMENT_TYPES).join(', ');

/** The console's words (the API says the same: functions/appointments/lib/book.ts). */
const ENGLISH: BookingFormTexts = {
  form: 'Appointment booking',
  patient: 'Patient',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone number',
  gender: 'Gender',
  selectGender: 'Select gender',
  genders: { male: 'Male', female: 'Female', other: 'Other', 'prefer not to say': 'Prefer not to say' },
  dob: 'Date of birth',
  appointment: 'Appointment',
  bookingDate: 'Booking date',
  bookingTime: 'Booking time',
  appointmentType: 'Appointment type',
  chooseType: 'Choose a type',
  preferredLocation: 'Preferred location',
  reasonOfAppointment: 'Reason of appointment',
  insurance: 'Insurance',
  primaryInsurance: 'Primary insurance',
  insuranceMemberId: 'Insurance member ID',
  attachments: ATTACHMENT_LABELS,
  fileHint: `Image or PDF, at most ${MAX_MB} MB.`,
  fileType: (label) => `${label}: this file type is not allowed. Allowed: ${ALLOWED_TYPES}.`,
  fileTooLarge: (label) => `${label} is too large (at most ${MAX_MB} MB).`,
  additionalNotes: 'Additional notes',
  correct: 'Please correct the fields marked below.',
  failed: 'The appointment could not be booked.',
  offline: 'The appointment could not be booked. Please check your connection.',
  wait: 'Please wait...',
};

/** Why a chosen file cannot be sent, or undefined (the same messages as the API's, in `texts`' words). */
export function fileProblem(field: AttachmentField, file: File | undefined, texts: BookingFormTexts = ENGLISH): string | undefined {
  if (!file) return undefined;
  if (file.type && !(file.type in ATTACHMENT_TYPES)) return texts.fileType(texts.attachments[field]);
  if (file.size > ATTACHMENT_MAX_BYTES) return texts.fileTooLarge(texts.attachments[field]);
  return undefined;
}

/** A service as an appointment type: its name (what is sent), shown with its price in its currency unless it is free. */
export const serviceOption = (s: { name: string; priceMinor: number; currency: string }, locale?: string) => ({
  value: s.name,
  label: s.priceMinor ? `${s.name} · ${formatMoney(s.priceMinor, s.currency, locale)}` : s.name,
});

interface Props {
  /** Appointment types to choose from (the clinic's active services: the name sent, a label with its price shown); free text when empty. */
  appointmentTypes?: { value: string; label: string }[];
  submitLabel: string;
  /** Extra fields sent with the form (the public page's organizationApiKey). */
  extra?: Record<string, string>;
  onSubmit: (form: FormData) => Promise<SubmitResult>;
  /** Called after a successful booking; the form is cleared. */
  onBooked: (result: SubmitResult) => void;
  /** Under the button: the public page's connection check status (lib/challenge.tsx). */
  footer?: React.ReactNode;
  /** The form's words (default: the console's English). */
  texts?: BookingFormTexts;
  /** A rule's or the API's message in the page's words (default: as it is). */
  message?: (text: string) => string;
}

const asItIs = (text: string) => text;

export function BookingForm({ appointmentTypes = [], submitLabel, extra, onSubmit, onBooked, footer, texts = ENGLISH, message = asItIs }: Props) {
  const [values, setValues] = useState<BookingFormValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<BookingFormField | AttachmentField, string>>>({});
  const [rootError, setRootError] = useState<string>();
  const [files, setFiles] = useState<Partial<Record<AttachmentField, File>>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = (field: BookingFormField) => (ev: { target: { value: string } }) => {
    const value = ev.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  // A field is checked when left, so a message appears once the visitor has had their go at it.
  const check = (field: BookingFormField) => () => {
    if (!values[field]) return;
    setErrors((e) => ({ ...e, [field]: validateAppointmentForm(values)[field] }));
  };

  const chooseFile = async (field: AttachmentField, file: File | undefined) => {
    const ready = file ? await shrinkImage(file) : undefined;
    setFiles((f) => ({ ...f, [field]: ready }));
    setErrors((e) => ({ ...e, [field]: fileProblem(field, ready, texts) }));
  };

  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    setRootError(undefined);
    const found = { ...validateAppointmentForm(values), ...Object.fromEntries(ATTACHMENT_FIELDS.map((f) => [f, fileProblem(f, files[f], texts)])) };
    const first = Object.values(found).find(Boolean);
    setErrors(found);
    if (first) {
      setRootError(texts.correct);
      window.scrollTo({ top: 0, behavior: 'smooth' });
      return;
    }
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...values, ...extra })) if (v.trim() !== '') form.append(k, k === 'email' ? v.trim().toLowerCase() : v.trim());
    for (const [k, file] of Object.entries(files)) if (file) form.append(k, file, file.name);
    setBusy(true);
    try {
      const result = await onSubmit(form);
      if (result.success) {
        setValues(EMPTY);
        setFiles({});
        setErrors({});
        formRef.current?.querySelectorAll<HTMLInputElement>('input[type=file]').forEach((i) => (i.value = ''));
        onBooked(result);
        return;
      }
      setRootError(result.message ? message(result.message) : texts.failed);
      setErrors(result.errors ?? {});
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch {
      setRootError(texts.offline);
    } finally {
      setBusy(false);
    }
  };

  /** A field's message in the page's words. */
  const err = (field: BookingFormField | AttachmentField) => (errors[field] ? message(errors[field]) : undefined);

  const text = (name: BookingFormField, label: string, options: { required?: boolean; type?: string; className?: string; autoComplete?: string; min?: string; max?: string } = {}) => (
    <Field id={name} label={label} required={options.required} error={err(name)} className={options.className ?? 'col-md-6'}>
      <input
        {...controlProps(name, err(name), { required: options.required })}
        name={name}
        value={values[name]}
        onChange={set(name)}
        onBlur={check(name)}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete}
        min={options.min}
        max={options.max}
      />
    </Field>
  );

  return (
    <form ref={formRef} onSubmit={(ev) => void submit(ev)} noValidate aria-label={texts.form}>
      {rootError && (
        <div className="alert alert-danger" role="alert">
          {rootError}
        </div>
      )}
      <h2 className="h6 fw-bold mb-3">{texts.patient}</h2>
      <div className="row g-3 mb-4">
        {text('firstName', texts.firstName, { required: true, autoComplete: 'given-name' })}
        {text('lastName', texts.lastName, { required: true, autoComplete: 'family-name' })}
        {text('email', texts.email, { required: true, type: 'email', autoComplete: 'email' })}
        {text('phone', texts.phone, { required: true, type: 'tel', autoComplete: 'tel' })}
        <Field id="gender" label={texts.gender} error={err('gender')} className="col-md-6">
          <select {...controlProps('gender', err('gender'), { base: 'form-select' })} name="gender" value={values.gender} onChange={set('gender')}>
            <option value="">{texts.selectGender}</option>
            {APPOINTMENT_GENDERS.map((g) => (
              <option key={g} value={g}>
                {texts.genders[g]}
              </option>
            ))}
          </select>
        </Field>
        {text('dob', texts.dob, { type: 'date', max: localToday(), autoComplete: 'bday' })}
      </div>
      <h2 className="h6 fw-bold mb-3">{texts.appointment}</h2>
      <div className="row g-3 mb-4">
        {text('bookingDate', texts.bookingDate, { required: true, type: 'date', min: localToday() })}
        {text('bookingTime', texts.bookingTime, { required: true, type: 'time' })}
        {appointmentTypes.length ? (
          <Field id="appointmentType" label={texts.appointmentType} error={err('appointmentType')} className="col-md-6">
            <select {...controlProps('appointmentType', err('appointmentType'), { base: 'form-select' })} name="appointmentType" value={values.appointmentType} onChange={set('appointmentType')}>
              <option value="">{texts.chooseType}</option>
              {appointmentTypes.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
          </Field>
        ) : (
          text('appointmentType', texts.appointmentType)
        )}
        {text('preferredLocation', texts.preferredLocation)}
        <Field id="reasonOfAppointment" label={texts.reasonOfAppointment} error={err('reasonOfAppointment')} className="col-12">
          <textarea {...controlProps('reasonOfAppointment', err('reasonOfAppointment'))} name="reasonOfAppointment" rows={3} value={values.reasonOfAppointment} onChange={set('reasonOfAppointment')} onBlur={check('reasonOfAppointment')} />
        </Field>
      </div>
      <h2 className="h6 fw-bold mb-3">{texts.insurance}</h2>
      <div className="row g-3 mb-4">
        {text('primaryInsurance', texts.primaryInsurance)}
        {text('insuranceMemberId', texts.insuranceMemberId)}
        {ATTACHMENT_FIELDS.map((field) => (
          <Field key={field} id={field} label={texts.attachments[field]} error={err(field)} className="col-md-6" hint={texts.fileHint}>
            <input {...controlProps(field, err(field))} type="file" accept={ATTACHMENT_ACCEPT} onChange={(ev) => void chooseFile(field, ev.target.files?.[0])} />
          </Field>
        ))}
        <Field id="additionalNotes" label={texts.additionalNotes} error={err('additionalNotes')} className="col-12">
          <textarea {...controlProps('additionalNotes', err('additionalNotes'))} name="additionalNotes" rows={3} value={values.additionalNotes} onChange={set('additionalNotes')} onBlur={check('additionalNotes')} />
        </Field>
      </div>
      <div className="d-flex justify-content-end">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? <Busy>{texts.wait}</Busy> : submitLabel}
        </button>
      </div>
      {footer}
    </form>
  );
}
