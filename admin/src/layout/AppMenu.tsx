import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import PeopleIcon from '@mui/icons-material/People';
import BadgeIcon from '@mui/icons-material/Badge';
import MailIcon from '@mui/icons-material/Mail';
import HistoryIcon from '@mui/icons-material/History';
import { Menu } from 'react-admin';

/**
 * The sidebar of the spec, plus E-mails and Audit Log. Subscriptions, Newsletter, Promotions and
 * Stripe Events appear when their screens land.
 */
export function AppMenu() {
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.Item to="/users" primaryText="Users" leftIcon={<PeopleIcon />} />
      <Menu.Item to="/health" primaryText="Health" leftIcon={<MonitorHeartIcon />} />
      <Menu.Item to="/roles" primaryText="Roles" leftIcon={<BadgeIcon />} />
      <Menu.Item to="/emails" primaryText="E-mails" leftIcon={<MailIcon />} />
      <Menu.Item to="/admin-actions" primaryText="Audit Log" leftIcon={<HistoryIcon />} />
    </Menu>
  );
}
