import { useEffect, type ReactNode } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Layout, usePermissions, useSidebarState } from 'react-admin';
import { AccessDenied } from '../auth/AccessDenied';
import { TwoStepEnrolment } from '../auth/TwoStepEnrolment';
import { MFA_ENROLLMENT_REQUIRED } from '../auth/two-step';
import { forgetIdentity } from '../providers/authProvider';
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

/**
 * Every screen of the portal; a signed-in member who is not an administrator sees Access Denied,
 * and an administrator who must set up two-step verification sees that first.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { permissions, isPending } = usePermissions();
  const queryClient = useQueryClient();
  useMenuClosedOnPhones();
  if (isPending) return null;
  if (permissions === MFA_ENROLLMENT_REQUIRED)
    return (
      <TwoStepEnrolment
        onDone={() => {
          // The server now lets this administrator in: ask it again for what they may do.
          forgetIdentity();
          void queryClient.invalidateQueries({ queryKey: ['auth'] });
        }}
      />
    );
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
