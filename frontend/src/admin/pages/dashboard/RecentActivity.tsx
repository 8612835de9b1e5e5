import CameraAltOutlined from '@mui/icons-material/CameraAltOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatCurrency, formatDateTime } from '../../../shared/ui/formatters';
import type { ActivityItem, ActivityType } from './dataProvider';

const typeStyle: Record<ActivityType, { icon: ReactNode; bg: string; fg: string; label: string }> = {
  payment: { icon: <PaymentsOutlined fontSize="small" />, bg: 'rgba(22, 163, 74, 0.12)', fg: 'success.main', label: 'Payment' },
  project: { icon: <CameraAltOutlined fontSize="small" />, bg: 'rgba(30, 58, 138, 0.10)', fg: 'primary.main', label: 'Project' },
  client: { icon: <PersonAddAltOutlined fontSize="small" />, bg: 'rgba(245, 158, 11, 0.16)', fg: '#b45309', label: 'Client' },
};

function ActivityRow({ item }: { item: ActivityItem }) {
  const style = typeStyle[item.type] ?? typeStyle.project;
  return (
    <ListItem disableGutters sx={{ alignItems: 'flex-start', gap: 1.75, py: 1.5 }} data-activity-type={item.type}>
      <Avatar sx={{ bgcolor: style.bg, color: style.fg, width: 38, height: 38, mt: 0.25 }} aria-label={style.label} role="img">
        {style.icon}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{item.title}</Typography>
        {item.description && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {item.description}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" component="time" dateTime={item.timestamp} sx={{ display: 'block', mt: 0.25 }}>
          {formatDateTime(item.timestamp)}
        </Typography>
      </Box>
      {item.amount !== null && item.amount !== undefined && (
        <Typography
          sx={{
            fontWeight: 700,
            whiteSpace: 'nowrap',
            fontVariantNumeric: 'tabular-nums',
            color: item.type === 'payment' ? 'success.main' : 'text.primary',
          }}
        >
          {formatCurrency(item.amount)}
        </Typography>
      )}
    </ListItem>
  );
}

/** The 5 newest registrations, projects and payments (spec §2 "Recent Activity"). */
export function RecentActivity({
  items,
  loading = false,
  unavailable = false,
}: {
  items?: ActivityItem[];
  loading?: boolean;
  /** the dashboard failed to load: say so rather than 'No recent activity' */
  unavailable?: boolean;
}) {
  return (
    <Card component="section" aria-labelledby="recent-activity-heading" sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id="recent-activity-heading" variant="h6" component="h2">
          Recent Activity
        </Typography>
        {loading ? (
          <Box aria-hidden sx={{ mt: 1 }}>
            {[0, 1, 2].map((i) => (
              <Box key={i} sx={{ display: 'flex', gap: 1.75, py: 1.5 }}>
                <Skeleton variant="circular" width={38} height={38} />
                <Box sx={{ flex: 1 }}>
                  <Skeleton width="45%" />
                  <Skeleton width="70%" />
                </Box>
              </Box>
            ))}
          </Box>
        ) : unavailable ? (
          <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
            Recent activity is unavailable right now.
          </Typography>
        ) : items && items.length > 0 ? (
          <List disablePadding sx={{ mt: 1, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
            {items.map((item, index) => (
              <ActivityRow key={`${item.type}-${item.timestamp}-${index}`} item={item} />
            ))}
          </List>
        ) : (
          <Box sx={{ textAlign: 'center', py: 6 }}>
            <Avatar sx={{ mx: 'auto', mb: 1.5, bgcolor: 'grey.100', color: 'text.secondary', width: 48, height: 48 }}>
              <HistoryOutlined />
            </Avatar>
            <Typography sx={{ fontWeight: 600 }}>No recent activity</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Start by adding clients and projects
            </Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
