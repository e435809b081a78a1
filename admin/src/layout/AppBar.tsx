import { Button, Typography } from '@mui/material';
import { AppBar as RaAppBar, TitlePortal, useGetIdentity, useLogout } from 'react-admin';

/** "Welcome" with the admin's first and last name, and Sign Out. */
export function AppBar() {
  const { identity } = useGetIdentity();
  const logout = useLogout();
  return (
    <RaAppBar userMenu={false}>
      {/* The title takes the free width, and a smaller size on phones ("User Management"). */}
      <TitlePortal sx={{ fontSize: { xs: '1rem', sm: '1.25rem' } }} />
      {identity?.fullName && (
        <Typography variant="body2" sx={{ mr: 2, display: { xs: 'none', sm: 'block' } }}>
          Welcome {identity.fullName}
        </Typography>
      )}
      <Button color="inherit" onClick={() => logout()}>
        Sign Out
      </Button>
    </RaAppBar>
  );
}
