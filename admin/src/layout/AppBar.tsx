import { Button, Typography } from '@mui/material';
import { AppBar as RaAppBar, TitlePortal, useGetIdentity, useLogout } from 'react-admin';

/** "Welcome" with the admin's first and last name, and Sign Out. */
export function AppBar() {
  const { identity } = useGetIdentity();
  const logout = useLogout();
  return (
    <RaAppBar userMenu={false}>
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
      {identity?.fullName && (
        <Typography variant="body2" sx={{ mr: 2, display: { xs: 'none', sm: 'block' } }}>
          Welcome {identity.fullName}
        </Typography>
      )}
      <Button color="inherit" onClick={() => logout()} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
        Sign Out
      </Button>
    </RaAppBar>
  );
}
