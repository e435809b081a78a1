import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import { Menu } from 'react-admin';

/** The sidebar: entries appear as their screens land. */
export function AppMenu() {
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.Item to="/health" primaryText="Health" leftIcon={<MonitorHeartIcon />} />
    </Menu>
  );
}
