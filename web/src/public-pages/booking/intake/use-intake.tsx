// The booking page's side of the intake step (issue 36), in the page's own chunk and small: for a package
// that asks one of the clinic's forms before booking, it loads the step (./intake-step.tsx, a chunk of
// its own) and the form, keeps the answers, and gives them to Continue (`collect`): null when an answer
// is missing or wrong (the fields say which), undefined when the package asks nothing.
import { useEffect, useState } from 'react';
import type { Issue } from '#shared/forms/validate';
import { useAnswers } from '../../shared/use-answers';
import { useI18n } from '../../../i18n/i18n';
import { ruleMessage } from '../../../i18n/rules';
import type { PublicBookingPackage } from '../api';
import type { IntakeForm } from './intake-step';

type StepModule = typeof import('./intake-step');

export interface IntakeAnswers {
  items: { fieldId: string; value: string }[];
}

export function useIntake(apiKey: string, pkg: PublicBookingPackage | undefined) {
  const { t } = useI18n();
  const formId = pkg?.intakeTiming === 'before_booking' ? pkg.intakeFormId : null;
  const [step, setStep] = useState<{ formId: string; mod?: StepModule; form?: IntakeForm; failed?: boolean }>();
  const [issues, setIssues] = useState<Issue[]>([]);
  const ready = step && step.formId === formId && step.mod && step.form ? { mod: step.mod, form: step.form } : undefined;
  const answers = useAnswers((file, key) => ready!.mod.uploadIntakeFile(ready!.form.id, apiKey, file, key), [ready?.form.id]);
  const resetAnswers = answers.reset;

  // Another form: no messages of the last one, and its own step once loaded.
  const [shownFor, setShownFor] = useState(formId);
  if (shownFor !== formId) {
    setShownFor(formId);
    if (formId) {
      setIssues([]);
      setStep({ formId });
    }
  }
  useEffect(() => {
    if (!formId) return;
    let live = true;
    // Another form: its own answers, from empty.
    resetAnswers();
    import('./intake-step')
      .then(async (mod) => {
        const form = await mod.loadIntakeForm(formId, apiKey);
        if (live) setStep({ formId, mod, form });
      })
      .catch(() => live && setStep({ formId, failed: true }));
    return () => {
      live = false;
    };
  }, [formId, apiKey, resetAnswers]);


  /** The answers to send with the booking; null: not ready or not right (the step says why). */
  const collect = async (): Promise<IntakeAnswers | null | undefined> => {
    if (!formId) return undefined;
    if (!ready) {
      setIssues([{ key: 'intake', message: t('intake.answerFirst') }]);
      return null;
    }
    const checked = ready.mod.checkIntake(ready.form, await answers.settle(), t);
    setIssues(checked.issues);
    return checked.issues.length ? null : { items: checked.items };
  };

  /** The server's refusals of answers (`intake.<fieldId>`), under their fields in the page's language. */
  const showServer = (errors: Record<string, string>) => {
    const found = Object.entries(errors).filter(([key]) => key === 'intake' || key.startsWith('intake.')).map(([key, message]) => ({ key: key === 'intake' ? key : key.slice('intake.'.length), message: ruleMessage(t, message) }));
    if (found.length) setIssues(found);
  };

  const { values, onChange, onFile } = answers;
  return { formId, ready, failed: Boolean(step?.failed && step.formId === formId), values, issues, onChange, onFile, collect, showServer };
}

export type IntakeHandle = ReturnType<typeof useIntake>;

/** Where the step goes on the page: nothing for a package that asks no form before booking. */
export function IntakeSlot({ intake, disabled }: { intake: IntakeHandle; disabled: boolean }) {
  const { t } = useI18n();
  if (!intake.formId) return null;
  const general = intake.issues.find((i) => i.key === 'intake')?.message;
  if (intake.failed) return <div className="alert alert-danger mt-4 mb-0" role="alert">{t('intake.loadFailed')}</div>;
  if (!intake.ready) {
    return (
      <section className="mt-4" aria-busy="true" aria-label={t('intake.title')}>
        <h2 className="h6 fw-bold text-body-emphasis mb-1">{t('intake.title')}</h2>
        <p className="small text-body-secondary mb-0">{t('intake.loading')}</p>
        {general && <div className="invalid-feedback d-block" role="alert">{general}</div>}
      </section>
    );
  }
  const { IntakeStep } = intake.ready.mod;
  return (
    <>
      <IntakeStep form={intake.ready.form} values={intake.values} issues={intake.issues} onChange={intake.onChange} onFile={intake.onFile} disabled={disabled} />
      {general && <div className="invalid-feedback d-block" role="alert">{general}</div>}
    </>
  );
}
