// The appointment booking form (spec section 3 "Appointment booking"), shared by the console's Book
// Appointment and the public request page. It uses no form or schema library (the public page must
// stay small): the checks and messages come from shared/appointments/form.ts, which the API's schema
// is built from. The two optional files are checked for type and size, and large photos are shrunk
// in the browser first (the API takes at most 2 MB per file).
import { useRef, useState } from 'react';
import {
  APPOINTMENT_GENDERS, ATTACHMENT_ACCEPT, ATTACHMENT_FIELDS, ATTACHMENT_LABELS, ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, BOOKING_FORM_FIELDS,
  validateAppointmentForm, type AttachmentField, type BookingFormField, type BookingFormValues,
} from '#shared/appointments/form';
import { controlProps, Field } from '../../../components/field';
import { Busy } from '../../../components/loading';

const EMPTY = Object.fromEntries(BOOKING_FORM_FIELDS.map((f) => [f, ''])) as BookingFormValues;
const MAX_MB = ATTACHMENT_MAX_BYTES / 1024 / 1024;

/** Today as YYYY-MM-DD in the browser's zone (the earliest booking date offered). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

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

/** Why a chosen file cannot be sent, or undefined (the same messages as the API's). */
export function fileProblem(field: AttachmentField, file: File | undefined): string | undefined {
  if (!file) return undefined;
  if (file.type && !(file.type in ATTACHMENT_TYPES)) return `${ATTACHMENT_LABELS[field]}: this file type is not allowed. Allowed: ${Object.values(ATTACHMENT_TYPES).join(', ')}.`;
  if (file.size > ATTACHMENT_MAX_BYTES) return `${ATTACHMENT_LABELS[field]} is too large (at most ${MAX_MB} MB).`;
  return undefined;
}

interface Props {
  /** Appointment types to choose from (the clinic's active services); free text when empty. */
  appointmentTypes?: string[];
  submitLabel: string;
  /** Extra fields sent with the form (the public page's organizationApiKey). */
  extra?: Record<string, string>;
  onSubmit(form: FormData): Promise<SubmitResult>;
  /** Called after a successful booking; the form is cleared. */
  onBooked(result: SubmitResult): void;
  /** Under the button: the public page's connection check status (lib/challenge.tsx). */
  footer?: React.ReactNode;
}

export function BookingForm({ appointmentTypes = [], submitLabel, extra, onSubmit, onBooked, footer }: Props) {
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
    setErrors((e) => ({ ...e, [field]: fileProblem(field, ready) }));
  };

  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    setRootError(undefined);
    const found = { ...validateAppointmentForm(values), ...Object.fromEntries(ATTACHMENT_FIELDS.map((f) => [f, fileProblem(f, files[f])])) };
    const first = Object.values(found).find(Boolean);
    setErrors(found);
    if (first) {
      setRootError('Please correct the fields marked below.');
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
      setRootError(result.message || 'The appointment could not be booked.');
      setErrors(result.errors ?? {});
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch {
      setRootError('The appointment could not be booked. Please check your connection.');
    } finally {
      setBusy(false);
    }
  };

  const text = (name: BookingFormField, label: string, options: { required?: boolean; type?: string; className?: string; autoComplete?: string; min?: string; max?: string } = {}) => (
    <Field id={name} label={label} required={options.required} error={errors[name]} className={options.className ?? 'col-md-6'}>
      <input
        {...controlProps(name, errors[name], { required: options.required })}
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
    <form ref={formRef} onSubmit={(ev) => void submit(ev)} noValidate aria-label="Appointment booking">
      {rootError && (
        <div className="alert alert-danger" role="alert">
          {rootError}
        </div>
      )}
      <h2 className="h6 fw-bold mb-3">Patient</h2>
      <div className="row g-3 mb-4">
        {text('firstName', 'First name', { required: true, autoComplete: 'given-name' })}
        {text('lastName', 'Last name', { required: true, autoComplete: 'family-name' })}
        {text('email', 'Email', { required: true, type: 'email', autoComplete: 'email' })}
        {text('phone', 'Phone number', { required: true, type: 'tel', autoComplete: 'tel' })}
        <Field id="gender" label="Gender" error={errors.gender} className="col-md-6">
          <select {...controlProps('gender', errors.gender, { base: 'form-select' })} name="gender" value={values.gender} onChange={set('gender')}>
            <option value="">Select gender</option>
            {APPOINTMENT_GENDERS.map((g) => (
              <option key={g} value={g}>
                {g[0]!.toUpperCase() + g.slice(1)}
              </option>
            ))}
          </select>
        </Field>
        {text('dob', 'Date of birth', { type: 'date', max: today(), autoComplete: 'bday' })}
      </div>
      <h2 className="h6 fw-bold mb-3">Appointment</h2>
      <div className="row g-3 mb-4">
        {text('bookingDate', 'Booking date', { required: true, type: 'date', min: today() })}
        {text('bookingTime', 'Booking time', { required: true, type: 'time' })}
        {appointmentTypes.length ? (
          <Field id="appointmentType" label="Appointment type" error={errors.appointmentType} className="col-md-6">
            <select {...controlProps('appointmentType', errors.appointmentType, { base: 'form-select' })} name="appointmentType" value={values.appointmentType} onChange={set('appointmentType')}>
              <option value="">Choose a type</option>
              {appointmentTypes.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </Field>
        ) : (
          text('appointmentType', 'Appointment type')
        )}
        {text('preferredLocation', 'Preferred location')}
        <Field id="reasonOfAppointment" label="Reason of appointment" error={errors.reasonOfAppointment} className="col-12">
          <textarea {...controlProps('reasonOfAppointment', errors.reasonOfAppointment)} name="reasonOfAppointment" rows={3} value={values.reasonOfAppointment} onChange={set('reasonOfAppointment')} onBlur={check('reasonOfAppointment')} />
        </Field>
      </div>
      <h2 className="h6 fw-bold mb-3">Insurance</h2>
      <div className="row g-3 mb-4">
        {text('primaryInsurance', 'Primary insurance')}
        {text('insuranceMemberId', 'Insurance member ID')}
        {ATTACHMENT_FIELDS.map((field) => (
          <Field key={field} id={field} label={ATTACHMENT_LABELS[field]} error={errors[field]} className="col-md-6" hint={`Image or PDF, at most ${MAX_MB} MB.`}>
            <input {...controlProps(field, errors[field])} type="file" accept={ATTACHMENT_ACCEPT} onChange={(ev) => void chooseFile(field, ev.target.files?.[0])} />
          </Field>
        ))}
        <Field id="additionalNotes" label="Additional notes" error={errors.additionalNotes} className="col-12">
          <textarea {...controlProps('additionalNotes', errors.additionalNotes)} name="additionalNotes" rows={3} value={values.additionalNotes} onChange={set('additionalNotes')} onBlur={check('additionalNotes')} />
        </Field>
      </div>
      <div className="d-flex justify-content-end">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? <Busy /> : submitLabel}
        </button>
      </div>
      {footer}
    </form>
  );
}
