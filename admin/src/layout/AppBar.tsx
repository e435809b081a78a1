import { Button } from '@mui/material';
import { LoadingIndicator, AppBar as RaAppBar, TitlePortal, useLogout } from 'react-admin';
import { Welcome } from './Welcome';

/** "Welcome" with the admin's first and last name (in the menu on a phone), and Sign Out. */
export function AppBar() {
  const logout = useLogout();
  return (
    // react-admin's spinner has no name, which a screen reader would announce as a bare progress bar.
    <RaAppBar userMenu={false} toolbar={<LoadingIndicator aria-label="Loading" />}>
      {/* The title takes the free width, a smaller size on phones, and ends in "…" when too long. */}
      <TitlePortal
        sx={{
          fontSize: { xs: '1rem', sm: '1.25rem' },
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          // react-admin wraps the title in an inline block, which an ellipsis cannot cut.
          '& > span': { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' },
        }}
      />
      <Welcome place="app-bar" sx={{ mr: 2, flexShrink: 0 }} />
      <Button color="inherit" onClick={() => logout()} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
        Sign Out
      </Button>
    </RaAppBar>
  );
}
