import { useState } from 'react';
import { IconButton, Menu, MenuItem } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';

/**
 * The class of a list's actions column: on narrow screens it stays at the right edge while the
 * rest of the table scrolls under it, so a row's actions are always in reach.
 */
export const ROW_ACTIONS = 'row-actions';

export interface RowAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

/**
 * The row action menu of the generic list. An action the administrator may not take is passed
 * as false and left out; with none left there is no menu.
 */
export function RowActions({
  actions: offered,
  label = 'Actions',
}: {
  actions: (RowAction | false)[];
  label?: string;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = offered.filter((action): action is RowAction => !!action);
  if (actions.length === 0) return null;
  return (
    <>
      <IconButton
        aria-label={label}
        size="small"
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        onClick={(event) => event.stopPropagation()}
      >
        {actions.map((action) => (
          <MenuItem
            key={action.label}
            disabled={action.disabled}
            onClick={() => {
              setAnchor(null);
              action.onClick();
            }}
          >
            {action.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
