import { useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  DataTable,
  SearchInput,
  SelectInput,
  Title,
  useGetOne,
  useNotify,
  useRedirect,
  useRefresh,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import {
  emailStatusLabel,
  emailTemplateLabel,
  statusBadgeColour,
  type EmailDetail,
  type EmailRecord,
} from '@leadpulse/common';
import { adminApi, errorMessage } from '../api';
import { useCan } from '../auth/useCan';
import { Badge } from '../components/Badge';
import { DateTimeText } from '../components/DateTimeText';
import { EmailText } from '../components/EmailText';
import { AdminList } from '../lists/AdminList';
import { Field, Section } from '../users/profile/Section';
import { formatDateTime } from '../format';
import { ROW_ACTIONS } from '../lists/RowActions';
import { FILTER_SELECT } from '../lists/toolbar';

/** A row of the list, or the one e-mail with its rendering. */
type EmailView = EmailRecord & Partial<Pick<EmailDetail, 'rendered'>>;

const STATUSES = ['queued', 'sent', 'logged', 'failed'].map((id) => ({
  id,
  name: emailStatusLabel(id),
}));

const statusColour = (status: string) =>
  status === 'failed'
    ? 'red'
    : statusBadgeColour(status === 'sent' || status === 'logged' ? 'active' : 'pending');

const filters = [
  <SearchInput key="q" source="q" placeholder="Search recipients..." alwaysOn />,
  <SelectInput
    {...FILTER_SELECT}
    key="status"
    source="status"
    label="Status"
    choices={STATUSES}
    emptyText="All Statuses"
    alwaysOn
  />,
];

function ResendButton({ email, onDone }: { email: EmailView; onDone?: () => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [sending, setSending] = useState(false);
  const canResend = useCan('resend_email', 'emails');
  if (!canResend) return null;
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={sending}
      onClick={async (event) => {
        event.stopPropagation();
        setSending(true);
        try {
          await adminApi(`/emails/${email.id}/resend`, { method: 'POST' });
          notify(`Email resent to ${email.to_email}`, { type: 'success' });
          refresh();
          onDone?.();
        } catch (error) {
          notify(`Failed to send email: ${errorMessage(error)}`, { type: 'error' });
        } finally {
          setSending(false);
        }
      }}
    >
      Resend
    </Button>
  );
}

/** The e-mail log: the outbox, newest first, with status and recipient filters. */
export function EmailList() {
  return (
    <AdminList
      noun="emails"
      title="E-mails"
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <DataTable
        bulkActionButtons={false}
        rowClick="show"
        // Tighter cells so that both dates and Resend fit beside the address at 1280 px.
        sx={{ '& .MuiTableCell-root': { px: 1 } }}
      >
        <DataTable.Col
          source="to_email"
          label="Recipient"
          render={(email: EmailView) => <EmailText value={email.to_email} />}
        />
        <DataTable.Col
          source="template"
          label="Template"
          sx={{ whiteSpace: 'nowrap' }}
          render={(email: EmailView) => emailTemplateLabel(email.template)}
        />
        <DataTable.Col
          source="status"
          label="Status"
          render={(email: EmailView) => (
            <Badge label={emailStatusLabel(email.status)} colour={statusColour(email.status)} />
          )}
        />
        <DataTable.Col source="attempts" label="Attempts" />
        <DataTable.Col
          source="sent_at"
          label="Sent At"
          render={(email: EmailView) => <DateTimeText value={email.sent_at} />}
        />
        <DataTable.Col
          source="created_at"
          label="Created At"
          render={(email: EmailView) => <DateTimeText value={email.created_at} />}
        />
        <DataTable.Col
          label=""
          cellClassName={ROW_ACTIONS}
          headerClassName={ROW_ACTIONS}
          disableSort
          render={(email: EmailView) => <ResendButton email={email} />}
        />
      </DataTable>
    </AdminList>
  );
}

/** One e-mail: its details and the rendered message. */
export function EmailShow() {
  const { id } = useParams<{ id: string }>();
  const redirect = useRedirect();
  const { data: email, isPending, error } = useGetOne<EmailView>('emails', { id: id! });
  if (isPending) return null;
  if (error || !email)
    return (
      <Typography color="error" role="alert" sx={{ p: 2 }}>
        Error loading email. Please try again
      </Typography>
    );
  return (
    <Box sx={{ py: 2 }}>
      <Title title={email.subject} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => redirect('list', 'emails')}>
          E-mails
        </Button>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {email.subject}
        </Typography>
        <ResendButton email={email} onDone={() => redirect('list', 'emails')} />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Box sx={{ flex: '0 0 280px' }}>
          <Section title="Details">
            <Field label="Recipient">{email.to_email}</Field>
            <Field label="Template">{emailTemplateLabel(email.template)}</Field>
            <Field label="Status">{emailStatusLabel(email.status)}</Field>
            <Field label="Attempts">{email.attempts}</Field>
            <Field label="Sent At">{formatDateTime(email.sent_at)}</Field>
            <Field label="Created At">{formatDateTime(email.created_at)}</Field>
            {email.last_error && <Field label="Last Error">{email.last_error}</Field>}
          </Section>
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Section title="Message">
            {email.rendered ? (
              <Box
                component="iframe"
                title="Rendered e-mail"
                sandbox=""
                srcDoc={email.rendered.html}
                sx={{
                  width: '100%',
                  height: 560,
                  border: '1px solid',
                  borderColor: 'divider',
                  borderRadius: 1,
                }}
              />
            ) : (
              <Typography variant="body2">This e-mail's template no longer exists.</Typography>
            )}
          </Section>
        </Box>
      </Stack>
    </Box>
  );
}
