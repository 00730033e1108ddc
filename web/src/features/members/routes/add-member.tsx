// /member/add (Members write): name, email and the permissions matrix. The new member receives an
// emailed invitation to choose their own password (someone with an account is told they were added).
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type * as z from 'zod/mini';
import { memberAddSchema, type MemberAdd } from '#shared/organization/schemas';
import { Card } from '../../../components/card';
import { InputField } from '../../../components/field';
import { Busy } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { useSaveStatus } from '../../../lib/forms';
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
  const { status, send } = useSaveStatus(setError, FIELDS);
  const e = (name: (typeof FIELDS)[number]) => errors[name]?.message;

  const submit = handleSubmit(async (values) => {
    const result = await send(() => addMember(values), 'The member could not be added.');
    if (!result) return;
    notify.success(result.message, { long: true });
    navigate(paths.members.list);
  });

  return (
    <Card
      titleId="add-member-title"
      title="New member"
      onSubmit={submit}
      status={status}
      footer={
        <>
          <button type="button" className="btn btn-light" onClick={() => navigate(paths.members.list)} disabled={isSubmitting}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting || !isValid}>
            {isSubmitting ? <Busy /> : 'Add Member'}
          </button>
        </>
      }
    >
      <div className="row g-3 mb-4">
        <InputField field={register('firstName')} label="First name" required error={e('firstName')} className="col-md-4" autoComplete="off" />
        <InputField field={register('lastName')} label="Last name" required error={e('lastName')} className="col-md-4" autoComplete="off" />
        <InputField field={register('email')} label="Email" required error={e('email')} className="col-md-4" hint="We email them a link to choose their password." type="email" autoComplete="off" />
      </div>
      <h3 className="h6 fw-bold">Permissions</h3>
      <p className="small text-body-secondary">What this member may see (read), add and change (write) and delete, module by module.</p>
      <Controller
        control={control}
        name="permissions"
        render={({ field }) => <PermissionsMatrix value={field.value} onChange={field.onChange} canChange={grantable(roles)} disabled={isSubmitting} />}
      />
    </Card>
  );
}

export { AddMemberPage as Component };
