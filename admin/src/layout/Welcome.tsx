import { Typography, useMediaQuery, type SxProps, type Theme } from '@mui/material';
import { useGetIdentity } from 'react-admin';

/**
 * "Welcome" with the administrator's first and last name (their e-mail when they have none), in
 * the app bar, or on a phone, where the app bar has no room for it, at the top of the menu.
 */
export function Welcome({ place, sx }: { place: 'app-bar' | 'menu'; sx?: SxProps<Theme> }) {
  const { identity } = useGetIdentity();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!identity?.fullName || phone !== (place === 'menu')) return null;
  return (
    <Typography variant="body2" noWrap sx={sx}>
      Welcome {identity.fullName}
    </Typography>
  );
}
