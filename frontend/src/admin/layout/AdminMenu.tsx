import AlternateEmailOutlined from '@mui/icons-material/AlternateEmailOutlined';
import CameraAltOutlined from '@mui/icons-material/CameraAltOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DesignServicesOutlined from '@mui/icons-material/DesignServicesOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import StoreOutlined from '@mui/icons-material/StoreOutlined';
import TollOutlined from '@mui/icons-material/TollOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import Divider from '@mui/material/Divider';
import { Logout, Menu } from 'react-admin';

export const adminNav = [
  { to: '/admin/clients', label: 'Clients', icon: <PeopleAltOutlined /> },
  { to: '/admin/projects', label: 'Projects', icon: <CameraAltOutlined /> },
  { to: '/admin/services', label: 'Services', icon: <DesignServicesOutlined /> },
  { to: '/admin/payments', label: 'Payments', icon: <ReceiptLongOutlined /> },
  { to: '/admin/invoices', label: 'Invoices', icon: <RequestQuoteOutlined /> },
  { to: '/admin/credits', label: 'Bundles', icon: <TollOutlined /> },
  { to: '/admin/email', label: 'Email System', icon: <AlternateEmailOutlined /> },
  { to: '/admin/integrations', label: 'Integrations', icon: <WebhookOutlined /> },
  { to: '/admin/studio', label: 'Studio Settings', icon: <StoreOutlined /> },
  { to: '/admin/audit-events', label: 'Activity Log', icon: <HistoryOutlined /> },
] as const;

/** The admin menu (spec §2): custom routes are not added to react-admin's menu by themselves. */
export function AdminMenu() {
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Dashboard" leftIcon={<DashboardOutlined />} />
      {adminNav.map((item) => (
        <Menu.Item key={item.to} to={item.to} primaryText={item.label} leftIcon={item.icon} />
      ))}
      <Divider sx={{ my: 1 }} />
      <Logout />
    </Menu>
  );
}
