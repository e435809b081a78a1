import { SelectInput, useGetList, type SelectInputProps } from 'react-admin';
import type { AdminUserRecord } from '@leadpulse/common';
import { userLabel } from '../format';
import { FILTER_SELECT } from '../lists/toolbar';

/** Every administrator, and System for the scheduled repairs nobody asked for. */
export function AdministratorFilter(props: Omit<SelectInputProps, 'choices'>) {
  const { data = [], isPending } = useGetList<AdminUserRecord>('users', {
    filter: { segment: 'admins' },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'email', order: 'ASC' },
  });
  return (
    <SelectInput
      {...FILTER_SELECT}
      {...props}
      label="Administrator"
      isPending={isPending}
      choices={[
        ...data.map((admin) => ({ id: admin.id, name: userLabel(admin) })),
        { id: 'system', name: 'System' },
      ]}
      emptyText="All Administrators"
    />
  );
}
