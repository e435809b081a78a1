import type { ReactNode } from 'react';
import { Layout, usePermissions } from 'react-admin';
import { AccessDenied } from '../auth/AccessDenied';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';

/** Every screen of the portal; a signed-in member who is not an administrator sees Access Denied. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { permissions, isPending } = usePermissions();
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
