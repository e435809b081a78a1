import { Button, Stack, Typography } from '@mui/material';
import { useListContext } from 'react-admin';
import { paginationText } from '@leadpulse/common';

/** "Showing x to y of z results", "Page n of m", Previous and Next. */
export function ListPagination() {
  const { page, perPage, total, setPage, isPending, meta } = useListContext();
  if (isPending || total === undefined) return null;
  const text = paginationText(page, perPage, total, meta?.totalEstimated === true);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', p: 2 }}
    >
      <Typography variant="body2" color="text.secondary">
        {text.showing}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button
          size="small"
          variant="outlined"
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
        >
          Previous
        </Button>
        <Typography variant="body2">{text.page}</Typography>
        <Button
          size="small"
          variant="outlined"
          disabled={page >= text.pages}
          onClick={() => setPage(page + 1)}
        >
          Next
        </Button>
      </Stack>
    </Stack>
  );
}
