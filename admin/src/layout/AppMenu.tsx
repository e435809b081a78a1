import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import PeopleIcon from '@mui/icons-material/People';
import BadgeIcon from '@mui/icons-material/Badge';
import MailIcon from '@mui/icons-material/Mail';
import HistoryIcon from '@mui/icons-material/History';
import BoltIcon from '@mui/icons-material/Bolt';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { Menu } from 'react-admin';
import { Welcome } from './Welcome';

/**
 * The sidebar of the spec, plus Error Reports, E-mails and Audit Log. On a phone, where the app
 * bar has no room for it, the welcome opens the menu.
 */
export function AppMenu() {
  return (
    <Menu>
      <Welcome place="menu" sx={{ px: 2, py: 1.5, color: 'text.secondary' }} />
      <Menu.DashboardItem />
      <Menu.Item to="/users" primaryText="Users" leftIcon={<PeopleIcon />} />
      <Menu.Item to="/health" primaryText="Health" leftIcon={<MonitorHeartIcon />} />
      <Menu.Item to="/error-reports" primaryText="Error Reports" leftIcon={<ReportProblemIcon />} />
      <Menu.Item to="/subscriptions" primaryText="Subscriptions" leftIcon={<CreditCardIcon />} />
      <Menu.Item to="/newsletter" primaryText="Newsletter" leftIcon={<NewspaperIcon />} />
      <Menu.Item to="/promotions" primaryText="Promotions" leftIcon={<LocalOfferIcon />} />
      <Menu.Item to="/stripe-events" primaryText="Stripe Events" leftIcon={<BoltIcon />} />
      <Menu.Item to="/roles" primaryText="Roles" leftIcon={<BadgeIcon />} />
      <Menu.Item to="/emails" primaryText="E-mails" leftIcon={<MailIcon />} />
      <Menu.Item to="/admin-actions" primaryText="Audit Log" leftIcon={<HistoryIcon />} />
    </Menu>
  );
}
