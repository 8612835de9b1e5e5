import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Code } from './Code';
import { EmailStatusPanel } from './EmailStatusPanel';
import { TabPanelCard } from './TabPanelCard';

/** The e-mails the portal sends (spec §2 "System Info", CONTRACT §5). */
export const EMAIL_TYPES: { name: string; description: string }[] = [
  { name: 'Welcome email', description: 'Sent to a new client on registration.' },
  { name: 'Project notification', description: 'Sent to the client when a project is created for them.' },
  {
    name: 'Client invitation',
    description: "Sent from Invite Clients, with a registration link pre-filled with the client's email address.",
  },
  {
    name: 'Password reset code',
    description: 'A 6-digit code valid for 15 minutes, sent from Forgot password. Its content is not shown in the outbox.',
  },
  { name: 'Custom email', description: 'Written in Custom Email and sent to chosen addresses or to every client account.' },
  { name: 'Test email', description: 'A sample welcome or project email, sent from Test Emails.' },
];

/** System Info: how e-mail is configured, its live status and the e-mails the portal sends. */
export function SystemInfoTab() {
  return (
    <Stack spacing={2.5}>
      <TabPanelCard title="Email Status" subtitle="Checked by connecting to the mail server.">
        <EmailStatusPanel />
      </TabPanelCard>

      <TabPanelCard title="Configuration">
        <Stack spacing={1} sx={{ '& p': { m: 0 } }}>
          <Typography component="p">
            Emails are sent through the SMTP server given by the <Code>SMTP_URL</Code> setting of the server, e.g.{' '}
            <Code>smtp://user:pass@mail.example.com:587</Code>. The sender is <Code>MAIL_FROM</Code>, and links in emails point to{' '}
            <Code>APP_URL</Code>.
          </Typography>
          <Typography component="p">
            Without <Code>SMTP_URL</Code>, a mock transporter only logs emails: nothing is delivered.
          </Typography>
          <Typography component="p">
            Every email is stored in the outbox first, then sent. When sending fails it is retried automatically, and a failed email can be
            sent again from the outbox.
          </Typography>
        </Stack>
      </TabPanelCard>

      <TabPanelCard title="Email Types">
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
          {EMAIL_TYPES.map((type) => (
            <Box key={type.name}>
              <Typography component="dt" sx={{ fontWeight: 700 }}>
                {type.name}
              </Typography>
              <Typography component="dd" color="text.secondary" sx={{ m: 0 }}>
                {type.description}
              </Typography>
            </Box>
          ))}
        </Box>
      </TabPanelCard>
    </Stack>
  );
}
