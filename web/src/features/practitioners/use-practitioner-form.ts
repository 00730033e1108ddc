// The practitioner editor's form and its saving: the values it starts from (a new practitioner or the
// one edited), validation with the API's schema, and the server's reply: on success back to the list,
// else a banner and the server's field messages on the fields they name.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { WEEKDAYS } from '#shared/bookings/time';
import type { Status } from '../../components/status-banner';
import { paths } from '../../config/paths';
import type { ApiResult } from '../../lib/api';
import { notify } from '../../lib/notify';
import type { PractitionerView } from '../../lib/practitioners';
import { groupExceptions, practitionerFormSchema, rangeIndexOf, type ExceptionRange } from './exception-ranges';
import { NINE_TO_FIVE, type PractitionerFormApi, type PractitionerInput, type PractitionerOutput } from './practitioner-form-values';

const FIELDS = ['name', 'title', 'memberId', 'color', 'weeklyHours', 'exceptions', 'isActive'] as const;

/** A new practitioner starts on weekdays, 09:00 to 17:00, as most clinicians do; each day is changed from there. */
const newPractitioner = (): PractitionerInput => ({
  name: '',
  title: '',
  memberId: null,
  color: '#3366cc',
  weeklyHours: Object.fromEntries(WEEKDAYS.map((d) => [d, d === 'saturday' || d === 'sunday' ? [] : NINE_TO_FIVE])),
  exceptions: [],
  isActive: true,
});

const valuesOf = (p: PractitionerView): PractitionerInput => ({
  name: p.name,
  title: p.title,
  memberId: p.memberId,
  color: p.color,
  weeklyHours: p.weeklyHours,
  exceptions: groupExceptions(p.exceptions),
  isActive: p.isActive,
});

/**
 * The server's field messages (keys such as 'name', 'weeklyHours.monday', 'exceptions.0.date') on the
 * form. The API numbers exceptions by date; the form shows ranges, so 'exceptions.N...' lands on the
 * range that holds the Nth date.
 */
function applyNestedServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, errors: Record<string, string> | undefined, ranges: readonly Pick<ExceptionRange, 'date' | 'endDate'>[]): void {
  for (const [key, message] of Object.entries(errors ?? {})) {
    const [field, n, ...rest] = key.split('.');
    if (!(FIELDS as readonly string[]).includes(field)) continue;
    const range = field === 'exceptions' && n !== undefined && /^\d+$/.test(n) ? rangeIndexOf(ranges, Number(n)) : undefined;
    setError((range === undefined ? key : ['exceptions', range, ...(rest.length ? rest : ['date'])].join('.')) as Path<T>, { type: 'server', message });
  }
}

export function usePractitionerForm(initial: PractitionerView | undefined, save: (values: PractitionerOutput) => Promise<ApiResult<PractitionerView>>) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<Status | null>(null);
  const form: PractitionerFormApi = useForm<PractitionerInput, unknown, PractitionerOutput>({
    resolver: zodResolver(practitionerFormSchema),
    mode: 'onTouched',
    defaultValues: initial ? valuesOf(initial) : newPractitioner(),
  });
  const { handleSubmit, setError, getValues } = form;

  const submit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      const result = await save(values);
      if (result.success) {
        notify.success(result.message || 'Practitioner saved.');
        navigate(paths.bookings.practitioners);
        return;
      }
      setStatus({ kind: 'danger', text: result.message || 'The practitioner could not be saved.' });
      applyNestedServerErrors(setError, result.data.errors, getValues('exceptions') ?? []);
    } catch {
      setStatus({ kind: 'danger', text: 'The practitioner could not be saved. Please check your connection.' });
    }
  });

  return { form, status, submit };
}
