import TaskAlt from '@mui/icons-material/TaskAlt';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useBasename } from 'react-admin';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../portal/features/auth/hooks';
import { useGettingStartedApi, useStepDone } from './gettingStarted';
import { useDashboard } from './useDashboard';

/** Where "Hide checklist" is remembered, in this browser. */
export const HIDDEN_KEY = 'portal.gettingStarted.hidden';

function hiddenBefore(): boolean {
  try {
    return globalThis.localStorage?.getItem(HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

interface Step {
  label: string;
  hint: string;
  to: string;
  done: boolean | undefined;
}

/**
 * The Dashboard's "Getting started" card (issue 28): the first things a studio does, each ticked when
 * done and linking to the page where it is done. It can be hidden (remembered in this browser) and goes
 * away by itself once every step is done. Nothing shows until every step has answered, so a studio
 * that has done everything never sees it flash.
 */
export function GettingStarted() {
  const [hidden, setHidden] = useState(hiddenBefore);
  if (hidden) return null;
  return (
    <Checklist
      onHide={() => {
        try {
          globalThis.localStorage?.setItem(HIDDEN_KEY, '1');
        } catch {
          // private mode: hidden for this visit only
        }
        setHidden(true);
      }}
    />
  );
}

function Checklist({ onHide }: { onHide: () => void }) {
  const api = useGettingStartedApi();
  const basename = useBasename();
  const { user } = useCurrentUser();
  const dashboard = useDashboard();
  const steps: Step[] = [
    {
      label: 'Add a service',
      hint: 'What you offer and its price: projects are priced from your services.',
      to: `${basename}/services`,
      done: useStepDone('services', api.serviceCount, (n) => n > 0),
    },
    {
      label: 'Invite a client',
      hint: 'An e-mail with a link to create their account in your portal.',
      to: `${basename}/email`,
      done: dashboard.isPending ? undefined : (dashboard.data?.activeClients.count ?? 0) > 0,
    },
    {
      label: 'Connect Stripe',
      hint: 'Set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY on the server; until then cards are taken by the test emulator.',
      to: `${basename}/payments`,
      done: useStepDone('stripe', api.stripeConnected, (yes) => yes),
    },
    {
      label: 'Connect e-mail',
      hint: 'Set SMTP_URL on the server so that e-mails reach your clients.',
      to: `${basename}/email`,
      done: useStepDone('email', api.emailConnected, (yes) => yes),
    },
    {
      label: 'Turn on two-factor sign-in',
      hint: 'A code from your phone as well as your password.',
      to: `${basename}/account`,
      done: user ? user.twoFactorEnabled : undefined,
    },
  ];
  if (steps.some((s) => s.done === undefined)) return null;
  const doneCount = steps.filter((s) => s.done).length;
  if (doneCount === steps.length) return null;

  return (
    <Card component="section" aria-labelledby="getting-started-heading" sx={{ mb: 3 }}>
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
          <Typography id="getting-started-heading" variant="h6" component="h2">
            Getting started
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {doneCount} of {steps.length} done
          </Typography>
        </Stack>
        <List disablePadding>
          {steps.map((step) => (
            <ListItem key={step.label} disablePadding>
              <ListItemButton component={Link} to={step.to} sx={{ borderRadius: 1, px: 1 }}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {step.done ? <TaskAlt color="success" titleAccess="Done" /> : <RadioButtonUnchecked color="action" titleAccess="To do" />}
                </ListItemIcon>
                <ListItemText
                  primary={step.label}
                  secondary={step.hint}
                  slotProps={{
                    primary: { sx: step.done ? { textDecoration: 'line-through', color: 'text.secondary' } : { fontWeight: 600 } },
                  }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        <Button size="small" onClick={onHide} sx={{ mt: 1 }}>
          Hide checklist
        </Button>
      </CardContent>
    </Card>
  );
}
