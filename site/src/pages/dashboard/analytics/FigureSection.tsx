import type { ReactNode } from 'react';
import {
  Box,
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import Download from '@mui/icons-material/Download';
import { downloadCsv, type FigureTable } from '../../../features/analytics/analytics-tables';

interface FigureSectionProps {
  /** The section's id, also the CSV file's name. */
  id: string;
  title: string;
  /** One line under the title: what the figures count. */
  description: string;
  table: FigureTable;
  /** The chart; its figures are the table's, which screen readers read instead. */
  chart?: ReactNode;
  /** Said instead of the chart and the table when the table has no rows. */
  empty: string;
}

/** The table of a chart's figures: scrolls sideways on a phone as a named, focusable region. */
export function FigureTableView({ table, label }: { table: FigureTable; label: string }) {
  return (
    <TableContainer
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{ maxHeight: 360, overflow: 'auto' }}
    >
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            {table.columns.map((column, index) => (
              <TableCell key={column} align={index === 0 ? 'left' : 'right'}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.map((row) => (
            <TableRow key={String(row[0])}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <TableCell key={index} component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                    {cell}
                  </TableCell>
                ) : (
                  <TableCell key={index} align="right">
                    {cell}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * One figure of the analytics: its title, a chart with the table of its figures beside it (below
 * it on a phone), and the table as a CSV download.
 */
export function FigureSection({ id, title, description, table, chart, empty }: FigureSectionProps) {
  const headingId = `${id}-title`;
  const hasRows = table.rows.length > 0;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2 }}
      >
        <Box>
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
        </Box>
        {hasRows && (
          <Button
            size="small"
            startIcon={<Download />}
            onClick={() => downloadCsv(table, `${id}.csv`)}
            aria-label={`Download ${title} as CSV`}
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          >
            CSV
          </Button>
        )}
      </Stack>
      {!hasRows ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: chart ? '3fr 2fr' : '1fr' },
            alignItems: 'start',
          }}
        >
          {chart && (
            <Box
              role="img"
              aria-label={`Chart: ${title}. The table gives its figures.`}
              sx={{ minWidth: 0 }}
            >
              {chart}
            </Box>
          )}
          <FigureTableView table={table} label={`${title} table`} />
        </Box>
      )}
    </Paper>
  );
}
