import type { ReactNode } from 'react';
import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { useListContext, type RaRecord } from 'react-admin';
import { NoResults } from './AdminList';

/** One labelled value of a record's card: the column's header above its cell. */
export function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'body2', overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

/**
 * The list's page as cards, one per record, for a phone: every key column stays in view instead
 * of scrolling out of a wide table. A card with `open` opens its record when tapped.
 */
export function RecordCards<T extends RaRecord>({
  noun,
  card,
  open,
}: {
  noun: string;
  card: (record: T) => ReactNode;
  open?: (record: T) => void;
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
      {data.map((record) => {
        const content = (
          <CardContent sx={{ display: 'grid', gap: 1, '&:last-child': { pb: 2 } }}>
            {card(record)}
          </CardContent>
        );
        return (
          <Card key={record.id} variant="outlined" component="li" sx={{ listStyle: 'none' }}>
            {open ? (
              <CardActionArea onClick={() => open(record)}>{content}</CardActionArea>
            ) : (
              content
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
