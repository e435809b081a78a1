import { useState } from 'react';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { MESSAGES, NAME_MAX_LENGTH, formatPhone, type MemberRecord } from '@leadpulse/common';
import { ApiError } from '../../../api/client';
import { memberApi, type ProfileFields } from '../../../features/member/member-api';
import { useMember } from '../../../features/member/MemberProvider';
import { useSnackbar } from '../../../features/snackbar/snackbar';
import { EmailText } from '../../../components/EmailText';
import { browserTimeZone, timeZoneLabel } from '../../../features/member/time-zones';
import { DownloadData } from './DownloadData';
import { TimeZoneField } from './TimeZoneField';

const FIELDS: {
  key: Exclude<keyof ProfileFields, 'time_zone'>;
  label: string;
  autoComplete: string;
  maxLength?: number;
}[] = [
  {
    key: 'first_name',
    label: 'First Name',
    autoComplete: 'given-name',
    maxLength: NAME_MAX_LENGTH,
  },
  { key: 'last_name', label: 'Last Name', autoComplete: 'family-name', maxLength: NAME_MAX_LENGTH },
  { key: 'phone', label: 'Phone', autoComplete: 'tel' },
  { key: 'company', label: 'Company', autoComplete: 'organization' },
  { key: 'job_title', label: 'Job Title', autoComplete: 'organization-title' },
];

/** A name is required here as at sign-up. */
export const FIRST_NAME_REQUIRED = MESSAGES.settings.firstNameRequired;

/** What a field shows: the phone in the founding form's format, one rule for the whole site. */
const shown = (key: keyof ProfileFields, value: string | null) =>
  key === 'phone' && value ? formatPhone(value) : value;

const fieldsOf = (member: MemberRecord): ProfileFields => ({
  first_name: member.first_name,
  last_name: member.last_name,
  phone: shown('phone', member.phone),
  company: member.company,
  job_title: member.job_title,
  // Until the member saves one, the browser's own zone is offered.
  time_zone: member.time_zone ?? browserTimeZone(),
});

/** View mode and edit mode; Save and Cancel both return to view, Cancel restoring the saved values. */
export function ProfileTab({ member }: { member: MemberRecord }) {
  const { setMember } = useMember();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<ProfileFields>(() => fieldsOf(member));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  const save = async () => {
    setError(undefined);
    if (!draft.first_name?.trim()) return setError(FIRST_NAME_REQUIRED);
    setSaving(true);
    try {
      const updated = await memberApi.updateProfile(draft);
      setMember(updated);
      setDraft(fieldsOf(updated));
      setEditing(false);
      enqueueSnackbar(MESSAGES.settings.profileUpdated, { variant: 'success' });
    } catch (failure) {
      // An unknown time zone is the member's to fix: the server's words say how.
      if (failure instanceof ApiError && failure.code === 'invalid_time_zone')
        setError(failure.message);
      else enqueueSnackbar(MESSAGES.settings.profileFailed, { variant: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => {
    setError(undefined);
    setDraft(fieldsOf(member));
    setEditing(false);
  };

  if (!editing) {
    return (
      <Stack spacing={2}>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            // minmax(0, …): a long e-mail address wraps inside the card instead of widening it.
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '160px minmax(0, 1fr)' },
            columnGap: 1,
            rowGap: { xs: 0.25, sm: 1 },
            m: 0,
            // On a phone each label sits above its value: smaller, and apart from the pair above.
            '& dt': { typography: { xs: 'body2', sm: 'body1' }, mt: { xs: 1.5, sm: 0 } },
            '& dt:first-of-type': { mt: 0 },
            '& dd': { m: 0, overflowWrap: 'anywhere' },
          }}
        >
          <Typography component="dt" color="text.secondary">
            Email
          </Typography>
          <Typography component="dd">
            <EmailText value={member.email} />
          </Typography>
          {FIELDS.map((field) => (
            <Box key={field.key} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {field.label}
              </Typography>
              <Typography component="dd">{shown(field.key, member[field.key]) || '—'}</Typography>
            </Box>
          ))}
          <Typography component="dt" color="text.secondary">
            Time Zone
          </Typography>
          <Typography component="dd">
            {member.time_zone
              ? timeZoneLabel(member.time_zone)
              : `${timeZoneLabel(browserTimeZone())} (from your browser, not saved yet)`}
          </Typography>
        </Box>
        <Box>
          <Button variant="contained" onClick={() => setEditing(true)}>
            Edit Profile
          </Button>
        </Box>
        <DownloadData />
      </Stack>
    );
  }

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {error && <Alert severity="error">{error}</Alert>}
      {FIELDS.map((field) => (
        <TextField
          key={field.key}
          label={field.label}
          value={draft[field.key] ?? ''}
          onChange={(event) =>
            setDraft({
              ...draft,
              [field.key]:
                field.key === 'phone' ? formatPhone(event.target.value) : event.target.value,
            })
          }
          autoComplete={field.autoComplete}
          slotProps={{ htmlInput: { maxLength: field.maxLength } }}
          required={field.key === 'first_name'}
          type={field.key === 'phone' ? 'tel' : undefined}
          placeholder={field.key === 'phone' ? '(555) 123-4567' : undefined}
        />
      ))}
      <TimeZoneField
        value={draft.time_zone ?? browserTimeZone()}
        onChange={(zone) => setDraft({ ...draft, time_zone: zone })}
        helperText="Your daily digest arrives at 8:00 in this time zone."
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
        <Button onClick={cancel} disabled={saving}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}
