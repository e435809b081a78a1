import { DataTable, SearchInput, useRecordContext } from 'react-admin';
import { Typography } from '@mui/material';
import { AdminList } from '../lists/AdminList';
import { DateTimeText, WrappingText } from '../components/DateTimeText';

interface ErrorReportRow {
  id: string;
  error_id: string;
  message: string;
  stack: string | null;
  url: string | null;
  user_agent: string | null;
  environment: string | null;
  created_at: string;
}

const filters = [<SearchInput key="q" source="q" placeholder="Search errors..." alwaysOn />];

/** The stack and browser of a report, shown under its row. */
function ReportDetails() {
  const report = useRecordContext<ErrorReportRow>();
  if (!report) return null;
  return (
    <Typography
      component="pre"
      variant="caption"
      sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', m: 0 }}
    >
      {report.stack ?? 'No stack trace was sent.'}
      {report.user_agent && `\n\n${report.user_agent}`}
    </Typography>
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
          render={(report: ErrorReportRow) => <WrappingText value={report.message} />}
        />
        <DataTable.Col
          source="url"
          label="Page"
          disableSort
          render={(report: ErrorReportRow) => <WrappingText value={report.url} />}
        />
        <DataTable.Col source="environment" label="Environment" />
        <DataTable.Col
          source="created_at"
          label="Created At"
          render={(report: ErrorReportRow) => <DateTimeText value={report.created_at} />}
        />
      </DataTable>
    </AdminList>
  );
}
