import { AutocompleteInput, ReferenceInput, SelectInput } from 'react-admin';
import { AUDIT_ACTIONS, AUDIT_ACTION_IDS } from '@leadpulse/common';
import { userLabel } from '../format';
import { AdministratorFilter } from './AdministratorFilter';
import { FILTER_SELECT } from '../lists/toolbar';

const ACTION_CHOICES = AUDIT_ACTION_IDS.map((id) => ({ id, name: AUDIT_ACTIONS[id].label }));

const OUTCOME_CHOICES = [
  { id: 'success', name: 'Success' },
  { id: 'refused', name: 'Refused' },
];

/** The Audit Log's filters: action type, administrator, target user and outcome. */
export const auditFilters = [
  <SelectInput
    {...FILTER_SELECT}
    key="action_type"
    source="action_type"
    label="Action"
    choices={ACTION_CHOICES}
    emptyText="All Actions"
    alwaysOn
  />,
  <AdministratorFilter key="admin_id" source="admin_id" alwaysOn />,
  <ReferenceInput
    key="target_user_id"
    source="target_user_id"
    reference="users"
    sort={{ field: 'email', order: 'ASC' }}
    alwaysOn
  >
    <AutocompleteInput
      label="Target User"
      optionText={userLabel}
      filterToQuery={(q: string) => ({ q })}
      sx={{ minWidth: 260 }}
    />
  </ReferenceInput>,
  <SelectInput
    {...FILTER_SELECT}
    key="outcome"
    source="outcome"
    label="Outcome"
    choices={OUTCOME_CHOICES}
    emptyText="All Outcomes"
    alwaysOn
  />,
];
