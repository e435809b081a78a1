import { useEffect, type ReactNode } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { Layout, usePermissions, useSidebarState } from 'react-admin';
import { AccessDenied } from '../auth/AccessDenied';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';

/**
 * On a phone the menu covers the page, so every page load starts with it closed (react-admin
 * remembers it open from the last visit).
 */
function useMenuClosedOnPhones() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [, setOpen] = useSidebarState();
  useEffect(() => {
    if (phone) setOpen(false);
  }, [phone, setOpen]);
}

/** Every screen of the portal; a signed-in member who is not an administrator sees Access Denied. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { permissions, isPending } = usePermissions();
  useMenuClosedOnPhones();
  if (isPending) return null;
  // A member who is not an administrator has no permission list at all.
  if (!Array.isArray(permissions)) return <AccessDenied />;
  return (
    // minWidth 0 lets wide tables scroll inside their card instead of widening the page.
    <Layout
      menu={AppMenu}
      appBar={AppBar}
      sx={{
        minWidth: 0,
        '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': {
          minWidth: 0,
        },
      }}
    >
      {children}
    </Layout>
  );
}
