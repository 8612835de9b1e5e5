import AttachMoney from '@mui/icons-material/AttachMoney';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import PendingActionsOutlined from '@mui/icons-material/PendingActionsOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useBasename } from 'react-admin';
import { Link } from 'react-router';
import { formatCurrency } from '../../../shared/ui/formatters';
import type { DashboardSummary } from './dataProvider';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

interface StatCardProps {
  label: string;
  value: ReactNode;
  caption: ReactNode;
  icon: ReactNode;
  tone: { bg: string; fg: string };
  /** the page the card opens (the whole card is the link) */
  to?: string;
}

function StatCard({ label, value, caption, icon, tone, to }: StatCardProps) {
  const content = (
    <CardContent sx={{ p: { xs: 2.5, md: 3 }, '&:last-child': { pb: { xs: 2.5, md: 3 } } }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }} component="h2">
            {label}
          </Typography>
          <Typography
            sx={{
              mt: 1,
              fontSize: { xs: '1.6rem', md: '1.85rem' },
              fontWeight: 700,
              lineHeight: 1.2,
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {value}
          </Typography>
        </Box>
        <Avatar aria-hidden variant="rounded" sx={{ bgcolor: tone.bg, color: tone.fg, width: 44, height: 44, borderRadius: 2.5 }}>
          {icon}
        </Avatar>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {caption}
      </Typography>
    </CardContent>
  );
  return (
    <Card component="section" aria-label={label} sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

const gridOf = (cards: number) => ({
  display: 'grid',
  gap: { xs: 2, md: 3 },
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: `repeat(${cards}, 1fr)` },
});

/** The overdue invoices (CONTRACT §14), as the list's Overdue filter shows them. */
const OVERDUE_FILTER = encodeURIComponent(JSON.stringify({ overdue: true }));

/**
 * Revenue of the month, pending payments and active clients (spec §2 "Admin dashboard"), and the
 * overdue invoices with their total, which open the Invoices list filtered on Overdue (CONTRACT §14).
 */
export function SummaryCards({ data }: { data: DashboardSummary }) {
  const { revenue, pending, activeClients, overdue } = data;
  const basename = useBasename();
  return (
    <Box sx={gridOf(overdue ? 4 : 3)}>
      <StatCard
        label={`Revenue (${revenue.month})`}
        value={formatCurrency(revenue.amount)}
        caption={plural(revenue.count, 'payment', 'payments')}
        icon={<AttachMoney />}
        tone={{ bg: 'rgba(22, 163, 74, 0.12)', fg: 'success.main' }}
      />
      <StatCard
        label="Pending Payments"
        value={formatCurrency(pending.amount)}
        caption={plural(pending.count, 'unpaid project', 'unpaid projects')}
        icon={<PendingActionsOutlined />}
        tone={{ bg: 'rgba(245, 158, 11, 0.16)', fg: '#b45309' }}
      />
      <StatCard
        label="Active Clients"
        value={activeClients.count}
        caption={
          <Box component="span" sx={{ color: activeClients.newThisMonth > 0 ? 'success.main' : 'text.secondary', fontWeight: 600 }}>
            +{activeClients.newThisMonth} new this month
          </Box>
        }
        icon={<PeopleAltOutlined />}
        tone={{ bg: 'rgba(30, 58, 138, 0.10)', fg: 'primary.main' }}
      />
      {overdue && (
        <StatCard
          label="Overdue"
          value={formatCurrency(overdue.amount)}
          caption={
            <Box component="span" sx={{ color: overdue.count > 0 ? 'error.main' : 'text.secondary', fontWeight: 600 }}>
              {plural(overdue.count, 'overdue invoice', 'overdue invoices')}
            </Box>
          }
          icon={<EventBusyOutlined />}
          tone={{ bg: 'rgba(185, 28, 28, 0.10)', fg: 'error.main' }}
          to={`${basename}/invoices?filter=${OVERDUE_FILTER}`}
        />
      )}
    </Box>
  );
}

export function SummaryCardsSkeleton() {
  return (
    <Box sx={gridOf(4)} aria-hidden>
      {[0, 1, 2, 3].map((i) => (
        <Card key={i}>
          <CardContent sx={{ p: 3 }}>
            <Skeleton width="50%" />
            <Skeleton width="40%" height={44} />
            <Skeleton width="35%" />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
