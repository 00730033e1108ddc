// /member/add (Members write): name, email and the permissions matrix. The new member receives an
// emailed invitation to choose their own password (someone with an account is told they were added).
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type * as z from 'zod/mini';
import { memberAddSchema, type MemberAdd } from '#shared/schemas/organization';
import { controlProps, Field } from '../../../components/field';
import { Busy } from '../../../components/loading';
import { StatusBanner, type Status } from '../../../components/status-banner';
import { paths } from '../../../config/paths';
import { applyServerErrors } from '../../../lib/forms';
import { usePageTitle } from '../../../lib/layout';
import { notify } from '../../../lib/notify';
import { useRoles } from '../../../lib/roles';
import { addMember } from '../api/members';
import { fullRoles, PermissionsMatrix } from '../components/permissions-matrix';
import { grantable } from '../lib';

const FIELDS = ['email', 'firstName', 'lastName'] as const;

export function AddMemberPage() {
  usePageTitle('Add Member', [{ title: 'User Management' }, { title: 'Members', path: paths.members.list }]);
  const navigate = useNavigate();
  const roles = useRoles();
  const [status, setStatus] = useState<Status | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isValid },
  } = useForm<z.input<typeof memberAddSchema>, unknown, MemberAdd>({
    resolver: zodResolver(memberAddSchema),
    mode: 'onTouched',
    defaultValues: { email: '', firstName: '', lastName: '', permissions: fullRoles() },
  });
  const e = (name: (typeof FIELDS)[number]) => errors[name]?.message;

  const submit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      const result = await addMember(values);
      if (result.success) {
        notify.success(result.message, { long: true });
        navigate(paths.members.list);
        return;
      }
      setStatus({ kind: 'danger', text: result.message || 'The member could not be added.' });
      applyServerErrors(setError, result.data.errors, FIELDS);
    } catch {
      setStatus({ kind: 'danger', text: 'The member could not be added. Please check your connection.' });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-member-title" className="card border-0 shadow-sm">
      <div className="card-header bg-transparent py-3">
        <h2 id="add-member-title" className="h6 fw-bold mb-0">
          New member
        </h2>
      </div>
      <div className="card-body">
        <StatusBanner status={status} />
        <div className="row g-3 mb-4">
          <Field id="firstName" label="First name" required error={e('firstName')} className="col-md-4">
            <input {...register('firstName')} {...controlProps('firstName', e('firstName'), { required: true })} autoComplete="off" />
          </Field>
          <Field id="lastName" label="Last name" required error={e('lastName')} className="col-md-4">
            <input {...register('lastName')} {...controlProps('lastName', e('lastName'), { required: true })} autoComplete="off" />
          </Field>
          <Field id="email" label="Email" required error={e('email')} className="col-md-4" hint="We email them a link to choose their password.">
            <input {...register('email')} {...controlProps('email', e('email'), { required: true })} type="email" autoComplete="off" />
          </Field>
        </div>
        <h3 className="h6 fw-bold">Permissions</h3>
        <p className="small text-body-secondary">What this member may see (read), add and change (write) and delete, module by module.</p>
        <Controller
          control={control}
          name="permissions"
          render={({ field }) => <PermissionsMatrix value={field.value} onChange={field.onChange} canChange={grantable(roles)} disabled={isSubmitting} />}
        />
      </div>
      <div className="card-footer bg-transparent d-flex justify-content-end gap-2 py-3">
        <button type="button" className="btn btn-light" onClick={() => navigate(paths.members.list)} disabled={isSubmitting}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting || !isValid}>
          {isSubmitting ? <Busy /> : 'Add Member'}
        </button>
      </div>
    </form>
  );
}

export { AddMemberPage as Component };
