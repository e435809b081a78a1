import { useEffect, useRef, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link as RouterLink, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import {
  AppBar,
  Avatar,
  Box,
  Button,
  CircularProgress,
  Divider,
  Drawer,
  IconButton,
  InputBase,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Paper,
  Stack,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Article from '@mui/icons-material/Article';
import BarChart from '@mui/icons-material/BarChart';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import AutoMode from '@mui/icons-material/AutoMode';
import Home from '@mui/icons-material/Home';
import People from '@mui/icons-material/People';
import Today from '@mui/icons-material/Today';
import ViewKanban from '@mui/icons-material/ViewKanban';
import UploadFile from '@mui/icons-material/UploadFile';
import MenuIcon from '@mui/icons-material/Menu';
import Notifications from '@mui/icons-material/Notifications';
import Search from '@mui/icons-material/Search';
import Settings from '@mui/icons-material/Settings';
import { MESSAGES } from '@leadpulse/common';
import { useAuthDialogs } from '../../components/dialogs/AuthDialogs';
import { APP_NAME } from '../../config';
import { useAuth } from '../../features/auth/AuthProvider';
import { createQueryClient } from '../../features/leads/query-client';
import { displayName } from '../../features/member/member-api';
import { rememberAfterSignIn, takeAfterSignIn } from '../../features/navigation/after-sign-in';
import { MemberProvider, useMember } from '../../features/member/MemberProvider';
import { useSnackbar } from '../../features/snackbar/snackbar';
import { MemberPaymentIssue } from './PaymentIssueBanner';

const DRAWER_WIDTH = 240;
/** The sidebar collapses below this width (member-site.md section 9). */
const MOBILE_BREAKPOINT = '(max-width: 767.98px)';

function CenteredCard({ children }: { children: React.ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', px: 2 }}>
      <Paper sx={{ p: 4, maxWidth: 420, width: '100%', textAlign: 'center' }}>{children}</Paper>
    </Box>
  );
}

/** Every /dashboard route: the auth guard's three states, then the shell. */
export function DashboardLayout() {
  const { status, sessionEnded } = useAuth();
  const { open: openDialog } = useAuthDialogs();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const wasAuthenticated = useRef(false);
  const left = useRef(false);

  useEffect(() => {
    if (status === 'authenticated') {
      wasAuthenticated.current = true;
      // Signed in after following a link here while signed out: on to where it led.
      const next = takeAfterSignIn();
      if (next && next !== pathname + search) navigate(next, { replace: true });
    }
    // Signed out while here (in this tab or another): back to the landing page. A session the
    // server ended is said so, with the Login dialog open and this page to come back to.
    if (status === 'unauthenticated' && wasAuthenticated.current) {
      if (left.current) return;
      left.current = true;
      if (sessionEnded) {
        rememberAfterSignIn(pathname + search);
        enqueueSnackbar(MESSAGES.sessionEnded, { variant: 'warning' });
        openDialog('login');
      }
      navigate('/', { replace: true });
      return;
    }
    // Not signed in yet: the address waits for the sign-in.
    if (status === 'unauthenticated' && !wasAuthenticated.current)
      rememberAfterSignIn(pathname + search);
  }, [status, sessionEnded, navigate, pathname, search, openDialog, enqueueSnackbar]);

  if (status === 'loading') {
    return (
      <CenteredCard>
        <CircularProgress aria-label="Loading" sx={{ mb: 2 }} />
        <Typography variant="h6" component="p">
          Loading dashboard...
        </Typography>
        <Typography color="text.secondary">Checking authentication...</Typography>
      </CenteredCard>
    );
  }
  if (status === 'unauthenticated') {
    return (
      <CenteredCard>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          Authentication Required
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Please sign in to see your dashboard.
        </Typography>
        <Button component={RouterLink} to="/" variant="contained">
          Go to Login
        </Button>
      </CenteredCard>
    );
  }
  return <SignedIn />;
}

/** The member area once signed in: the member's record and the lead workspace's cache. */
function SignedIn() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <MemberProvider>
        <Shell />
      </MemberProvider>
    </QueryClientProvider>
  );
}

function Shell() {
  const { session, signOut } = useAuth();
  const { member } = useMember();
  const mobile = useMediaQuery(MOBILE_BREAKPOINT);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const name = displayName(member, session?.user.metadata.name, session?.user.email);

  const navigation = (
    <Box component="nav" aria-label="Dashboard">
      <List>
        {[
          // LEADS.md's order; Analytics joins when built.
          { to: '/dashboard', label: 'Welcome', icon: <Home />, end: true },
          { to: '/dashboard/today', label: 'Today', icon: <Today /> },
          { to: '/dashboard/leads', label: 'Leads', icon: <People /> },
          { to: '/dashboard/pipeline', label: 'Pipeline', icon: <ViewKanban /> },
          { to: '/dashboard/comments', label: 'Comments', icon: <ChatBubbleOutline /> },
          { to: '/dashboard/analytics', label: 'Analytics', icon: <BarChart /> },
          { to: '/dashboard/automation', label: 'Automation', icon: <AutoMode /> },
          { to: '/dashboard/imports', label: 'Imports', icon: <UploadFile /> },
          { to: '/dashboard/content', label: 'Content', icon: <Article /> },
          { to: '/dashboard/settings', label: 'Settings', icon: <Settings /> },
        ].map((item) => (
          <ListItem key={item.to} disablePadding>
            <ListItemButton
              component={NavLink}
              to={item.to}
              end={item.end}
              onClick={() => setDrawerOpen(false)}
            >
              <ListItemIcon>{item.icon}</ListItemIcon>
              <ListItemText primary={item.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {member?.is_admin && (
        <>
          <Divider />
          <List subheader={<ListSubheader>Admin</ListSubheader>}>
            <ListItem disablePadding>
              <ListItemButton component="a" href="/admin">
                <ListItemIcon>
                  <AdminPanelSettings />
                </ListItemIcon>
                <ListItemText primary="Admin Panel" />
              </ListItemButton>
            </ListItem>
          </List>
        </>
      )}
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider', zIndex: (theme) => theme.zIndex.drawer + 1 }}
      >
        <Toolbar sx={{ gap: 1 }}>
          {mobile && (
            <IconButton
              aria-label="Toggle navigation"
              onClick={() => setDrawerOpen(!drawerOpen)}
              edge="start"
            >
              <MenuIcon />
            </IconButton>
          )}
          <Typography
            component={RouterLink}
            to="/"
            variant="h6"
            sx={{ fontWeight: 800, color: 'primary.main', textDecoration: 'none', mr: 2 }}
          >
            {APP_NAME}
          </Typography>
          <Box
            sx={{
              display: { xs: 'none', sm: 'flex' },
              alignItems: 'center',
              gap: 1,
              px: 1.5,
              borderRadius: 2,
              bgcolor: 'action.hover',
              flex: 1,
              maxWidth: 360,
            }}
          >
            <Search fontSize="small" color="action" />
            <InputBase
              placeholder="Search…"
              inputProps={{ 'aria-label': 'Search' }}
              sx={{ flex: 1 }}
            />
          </Box>
          <Box sx={{ flex: 1 }} />
          <IconButton
            aria-label="Notifications"
            onClick={() => navigate('/dashboard/settings?tab=notifications')}
          >
            <Notifications />
          </IconButton>
          <Button
            onClick={(event) => setMenuAnchor(event.currentTarget)}
            aria-label="Account menu"
            aria-haspopup="menu"
            startIcon={
              <Avatar sx={{ width: 28, height: 28, fontSize: 14 }}>
                {name.charAt(0).toUpperCase()}
              </Avatar>
            }
            sx={{ color: 'text.primary' }}
          >
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {name}
            </Box>
          </Button>
          <Menu anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)}>
            <MenuItem onClick={() => (setMenuAnchor(null), navigate('/dashboard/settings'))}>
              Settings
            </MenuItem>
            <MenuItem
              onClick={() => (
                setMenuAnchor(null),
                navigate('/dashboard/settings?tab=notifications')
              )}
            >
              Notifications
            </MenuItem>
            <MenuItem onClick={() => (setMenuAnchor(null), void signOut())}>Sign out</MenuItem>
          </Menu>
        </Toolbar>
      </AppBar>
      <Drawer
        variant={mobile ? 'temporary' : 'permanent'}
        open={mobile ? drawerOpen : true}
        onClose={() => setDrawerOpen(false)}
        // On a phone the drawer is a dialog, which needs a name; docked, it is a plain panel.
        slotProps={{ paper: mobile ? { 'aria-label': 'Navigation' } : {} }}
        sx={{
          width: DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        {navigation}
      </Drawer>
      <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 4 } }}>
        <Toolbar />
        <Stack spacing={3}>
          <MemberPaymentIssue />
          <Outlet />
        </Stack>
      </Box>
    </Box>
  );
}
