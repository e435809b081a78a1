import type { ReactNode } from 'react';
import { Layout, usePermissions } from 'react-admin';
import { AccessDenied } from '../auth/AccessDenied';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';

/** Every screen of the portal; a signed-in member who is not an administrator sees Access Denied. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { permissions, isPending } = usePermissions();
  if (isPending) return null;
  if (permissions !== 'admin') return <AccessDenied />;
  return (
    <Layout menu={AppMenu} appBar={AppBar}>
      {children}
    </Layout>
  );
}
