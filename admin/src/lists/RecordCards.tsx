import { useId, type ReactNode } from 'react';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { RecordContextProvider, useListContext, type RaRecord } from 'react-admin';
import { NoResults } from './AdminList';

/**
 * One labelled value of a record's card: the column's header above its cell, a group named by
 * the header as a cell is by its column.
 */
export function CardField({ label, children }: { label: string; children: ReactNode }) {
  const labelId = useId();
  return (
    <Box sx={{ minWidth: 0 }} role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'body2', overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

/**
 * The list's page as cards, one per record, for a phone: every key column stays in view instead
 * of scrolling out of a wide table. Each card is in its record's context, as a table row is.
 */
export function RecordCards<T extends RaRecord>({
  noun,
  card,
}: {
  noun: string;
  card: (record: T) => ReactNode;
}) {
  const { data, isPending } = useListContext<T>();
  if (isPending) return null;
  if (!data?.length) return <NoResults noun={noun} />;
  return (
    <Stack
      spacing={1}
      sx={{ p: 1 }}
      component="ul"
      aria-label={`${noun} list`}
      style={{ margin: 0 }}
    >
      {data.map((record) => (
        <Card
          key={record.id}
          variant="outlined"
          component="li"
          data-record-card=""
          sx={{ listStyle: 'none' }}
        >
          <RecordContextProvider value={record}>
            <CardContent sx={{ display: 'grid', gap: 1, '&:last-child': { pb: 2 } }}>
              {card(record)}
            </CardContent>
          </RecordContextProvider>
        </Card>
      ))}
    </Stack>
  );
}
