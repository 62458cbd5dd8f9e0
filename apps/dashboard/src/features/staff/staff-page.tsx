import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AddStaffBodySchema,
  BACK_OFFICE_UI_MESSAGES as T,
  STAFF_ROLES,
  StaffListQuerySchema,
  type AddStaffBody,
  type StaffMember,
  type StaffRole,
} from '@shopper/contract';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { type Column } from '../../components/data-table.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { Field } from '../../components/field.tsx';
import { FormError } from '../../components/form-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Panel } from '../../components/panel.tsx';
import { FilterBar, SearchBox } from '../../components/search-box.tsx';
import { nextSort, useListParams } from '../../hooks/use-list-params.ts';
import { messageOf } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { useChangeStaff } from './api/change-staff.ts';
import { useStaffList } from './api/get-staff.ts';
import styles from './staff-page.module.css';

const ROLE_LABELS: Record<StaffRole, string> = { staff: 'Staff', owner: 'Owner' };

function AddStaffForm() {
  const change = useChangeStaff();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddStaffBody>({ resolver: zodResolver(AddStaffBodySchema), defaultValues: { email: '', role: 'staff' } });
  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await change.mutateAsync({ kind: 'add', body });
      notifySuccess(answer.message);
      reset();
    } catch (error) {
      const message = applyServerErrors(error, setError, ['email', 'role'], T.saveFailed);
      if (message) setError('root', { message });
    }
  });
  return (
    <Panel title="Add a staff member">
      <p className={styles.note}>The person signs up on the shop first; then give their account a role here.</p>
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <Field label="Email of the account" error={errors.email?.message}>
          <input type="email" autoComplete="off" {...register('email')} />
        </Field>
        <Field label="Role" error={errors.role?.message}>
          <select {...register('role')}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </Field>
        <Button type="submit" variant="primary" isBusy={isSubmitting}>
          Add
        </Button>
      </form>
      <FormError message={errors.root?.message} />
    </Panel>
  );
}

function MemberActions({ member }: { member: StaffMember }) {
  const change = useChangeStaff();
  const other: StaffRole = member.role === 'owner' ? 'staff' : 'owner';
  return (
    <div className={styles.actions}>
      <Button
        variant="ghost"
        isBusy={change.isPending}
        onClick={() =>
          change.mutate(
            { kind: 'role', id: member.id, role: other },
            {
              onSuccess: (answer) => notifySuccess(answer.message),
              onError: (error) => notifyError(messageOf(error, T.actionFailed)),
            },
          )
        }
      >
        Make {ROLE_LABELS[other].toLowerCase()}
      </Button>
      <ActionDialog
        trigger={<Button variant="ghost">Remove</Button>}
        title={`Remove ${member.email} from the back office?`}
        description="The account stays a customer of the shop."
        confirmLabel="Remove access"
        variant="danger"
        onConfirm={async () => {
          try {
            const answer = await change.mutateAsync({ kind: 'remove', id: member.id });
            notifySuccess(answer.message);
          } catch (error) {
            throw new Error(messageOf(error, T.actionFailed));
          }
        }}
      />
    </div>
  );
}

const COLUMNS: Column<StaffMember>[] = [
  { key: 'email', header: 'Email', sortKey: 'email', render: (member) => member.email },
  { key: 'name', header: 'Name', sortKey: 'name', render: (member) => member.name },
  {
    key: 'role',
    header: 'Role',
    sortKey: 'role',
    render: (member) => (
      <>
        <Badge tone={member.role === 'owner' ? 'success' : 'neutral'}>{ROLE_LABELS[member.role]}</Badge>{' '}
        {member.isDisabled ? <Badge tone="danger">Disabled</Badge> : null}
      </>
    ),
  },
  { key: 'createdAt', header: 'Since', sortKey: 'createdAt', render: (member) => formatDate(member.createdAt) },
  { key: 'actions', header: 'Actions', render: (member) => <MemberActions member={member} /> },
];

/** Owner only: the navigation hides it from staff and the server answers them 403. */
export function StaffPage() {
  const { params, update } = useListParams(StaffListQuerySchema);
  const list = useStaffList(params);
  return (
    <>
      <PageHeader title="Staff" />
      <div className={styles.layout}>
        <AddStaffForm />
        <div>
          <FilterBar>
            <SearchBox label="Search staff" value={params.q ?? ''} onSearch={(q) => update({ q })} />
          </FilterBar>
          <PagedTable
            query={list}
            caption="Staff"
            columns={COLUMNS}
            rowKey={(member) => member.id}
            sort={params.sort}
            dir={params.dir}
            onSort={(key) => update(nextSort(params, key))}
            empty="No staff member matches."
            onPage={(page) => update({ page })}
          />
        </div>
      </div>
    </>
  );
}
