import { useSearchParams } from 'react-router-dom';
import { TableCell, TableSortLabel } from '@mui/material';
import { DEFAULT_SORT, withParam } from '../../../features/leads/list-params';
import { nextScoreSort } from '../../../features/scoring/score-sort';

/** The leads table's Score heading: sorts by score, highest first, then lowest first. */
export function ScoreSortHeader() {
  const [params, setParams] = useSearchParams();
  const sort = params.get('sort') ?? DEFAULT_SORT;
  const active = sort === 'score' || sort === '-score';
  return (
    <TableCell align="right" sortDirection={active ? (sort === 'score' ? 'asc' : 'desc') : false}>
      <TableSortLabel
        active={active}
        direction={sort === 'score' ? 'asc' : 'desc'}
        onClick={() => setParams((current) => withParam(current, 'sort', nextScoreSort(sort)))}
      >
        Score
      </TableSortLabel>
    </TableCell>
  );
}
