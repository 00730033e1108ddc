// The practitioner editor's weekly hours: each day's intervals (a second one makes a break), and a
// day's hours copied to every weekday, as calendar apps offer.
import { Controller, useFormState } from 'react-hook-form';
import { WEEKDAYS, type Interval, type Weekday } from '#shared/bookings/time';
import { DAY_NAMES, DayHours } from '../../../components/day-hours';
import { notify } from '../../../lib/notify';
import { messagesIn, WORKING, type PractitionerFormApi } from '../practitioner-form-values';

const WEEKDAYS_MON_FRI: readonly Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

export function WeeklyHoursFields({ form, readOnly }: { form: PractitionerFormApi; readOnly: boolean }) {
  const { control, getValues, setValue } = form;
  const { errors, isSubmitted } = useFormState({ control });
  /** Copies a day's hours to the other weekdays (Monday to Friday). */
  const copyToWeekdays = (day: Weekday) => {
    const hours: Interval[] = getValues(`weeklyHours.${day}`) ?? [];
    for (const other of WEEKDAYS_MON_FRI) {
      if (other !== day) setValue(`weeklyHours.${other}`, hours.map((iv) => ({ ...iv })), { shouldDirty: true, shouldValidate: isSubmitted });
    }
    notify.success(`${DAY_NAMES[day]}'s hours are copied to every weekday.`);
  };

  return (
    <>
      <h3 className="h6 fw-bold mb-1">Weekly hours</h3>
      <p className="small text-body-secondary">Add a second interval to a day for a break: the time between them is not bookable.</p>
      <div className="mb-4">
        {WEEKDAYS.map((day) => (
          <Controller
            key={day}
            control={control}
            name={`weeklyHours.${day}`}
            render={({ field }) => (
              <DayHours
                label={DAY_NAMES[day]}
                words={WORKING}
                intervals={field.value ?? []}
                onChange={field.onChange}
                disabled={readOnly}
                errors={messagesIn(errors.weeklyHours?.[day])}
                actions={
                  (field.value ?? []).length > 0 && (
                    <button type="button" className="btn btn-sm btn-link text-decoration-none" onClick={() => copyToWeekdays(day)} aria-label={`Copy to all weekdays: ${DAY_NAMES[day]}'s hours`}>
                      <i className="bi bi-copy me-1" aria-hidden="true" />
                      Copy to all weekdays
                    </button>
                  )
                }
              />
            )}
          />
        ))}
      </div>
    </>
  );
}
