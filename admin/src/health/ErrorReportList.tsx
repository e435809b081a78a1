import { DataTable, SearchInput, useRecordContext } from 'react-admin';
import { Box, Stack, Typography } from '@mui/material';
import { AdminList } from '../lists/AdminList';
import { DateTimeText, WrappingText } from '../components/DateTimeText';
import type { ErrorReportRecord } from '@leadpulse/common';

const filters = [<SearchInput key="q" source="q" placeholder="Search errors..." alwaysOn />];

/** The stack and browser of a report, shown under its row, each under its label. */
function ReportDetails() {
  const report = useRecordContext<ErrorReportRecord>();
  if (!report) return null;
  const detail = (label: string, text: string) => (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {label}
      </Typography>
      <Typography
        component="pre"
        variant="caption"
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', m: 0 }}
      >
        {text}
      </Typography>
    </Box>
  );
  return (
    // The row spans the whole table, which scrolls sideways on a phone: the details keep to the
    // visible width and stay in view while it scrolls.
    <Stack
      spacing={1.5}
      sx={{
        py: 1,
        position: 'sticky',
        left: 16,
        maxWidth: { xs: 'calc(100vw - 64px)', md: 'none' },
      }}
    >
      {detail('Stack trace', report.stack ?? 'No stack trace was sent.')}
      {report.user_agent && detail('Browser', report.user_agent)}
    </Stack>
  );
}

/** Crash reports sent by the site's error screen, newest first. */
export function ErrorReportList() {
  return (
    <AdminList
      noun="error reports"
      title="Error Reports"
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <DataTable
        bulkActionButtons={false}
        expand={<ReportDetails />}
        expandSingle
        rowClick="expand"
      >
        <DataTable.Col source="error_id" label="Error ID" />
        <DataTable.Col
          source="message"
          label="Message"
          render={(report: ErrorReportRecord) => <WrappingText value={report.message} />}
        />
        <DataTable.Col
          source="url"
          label="Page"
          disableSort
          render={(report: ErrorReportRecord) => <WrappingText value={report.url} />}
        />
        <DataTable.Col source="environment" label="Environment" />
        <DataTable.Col
          source="created_at"
          label="Created At"
          render={(report: ErrorReportRecord) => <DateTimeText value={report.created_at} />}
        />
      </DataTable>
    </AdminList>
  );
}
