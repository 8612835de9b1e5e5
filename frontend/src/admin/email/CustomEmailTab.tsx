import Cancel from '@mui/icons-material/Cancel';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { textFieldProps } from '../../shared/forms/fields';
import { resolverFrom } from '../../shared/forms/validation';
import { showServerFieldErrors, useAdminToast } from '../shared/toast';
import { useEmailApi } from './dataProvider';
import { SandboxedFrame } from './SandboxedFrame';
import { TabPanelCard } from './TabPanelCard';
import type { CustomEmailRequest } from './types';
import { useEmailSend } from './useEmailSend';
import { EMAIL_LIMITS, recipientProblem, validateCustomEmail, type CustomEmailValues } from './validation';

const emptyEmail: CustomEmailValues = { subject: '', htmlContent: '', sendToAll: false, recipients: [] };

type ContentView = 'editor' | 'preview';

interface RecipientChipsProps {
  recipients: string[];
  onRemove: (address: string) => void;
}

/** The listed recipients; each chip's delete button is named 'Remove <address>' (CONTRACT §7). */
function RecipientChips({ recipients, onRemove }: RecipientChipsProps) {
  if (recipients.length === 0) return null;
  return (
    <Box component="ul" aria-label="Recipients" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
      {recipients.map((address) => (
        <Chip
          key={address}
          component="li"
          // a list item with its own Remove button, not a button holding a button
          role="listitem"
          tabIndex={-1}
          label={address}
          variant="outlined"
          onDelete={() => onRemove(address)}
          deleteIcon={
            <IconButton size="small" aria-label={`Remove ${address}`} sx={{ p: 0.25 }}>
              <Cancel fontSize="small" />
            </IconButton>
          }
          sx={{ maxWidth: '100%', cursor: 'default' }}
        />
      ))}
    </Box>
  );
}

/** Custom Email: a subject and HTML content to listed recipients and/or every client account. */
export function CustomEmailTab() {
  const api = useEmailApi();
  const toast = useAdminToast();
  const resolver = useMemo(() => resolverFrom(validateCustomEmail), []);
  const form = useForm<CustomEmailValues>({ defaultValues: emptyEmail, resolver });
  const [sendToAll, recipients, htmlContent] = useWatch({
    control: form.control,
    name: ['sendToAll', 'recipients', 'htmlContent'],
  });
  const [recipientInput, setRecipientInput] = useState('');
  const [view, setView] = useState<ContentView>('editor');
  const recipientsError = form.formState.errors.recipients?.message;

  const send = useEmailSend<{ request: CustomEmailRequest; values: CustomEmailValues }>(
    ({ request }) => api.sendCustomEmail(request),
    { success: 'Email Sent', failure: 'Failed to Send Email', errorFallback: 'Failed to send email' },
    {
      onSent: () => {
        form.reset(emptyEmail);
        setRecipientInput('');
        setView('editor');
      },
      onError: (error, { values }) => showServerFieldErrors(form, values, error),
    },
  );

  const addRecipient = () => {
    const address = recipientInput.trim();
    if (!address) return;
    const problem = recipientProblem(address, recipients);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    form.setValue('recipients', [...recipients, address], { shouldDirty: true });
    form.clearErrors('recipients');
    setRecipientInput('');
  };

  const removeRecipient = (address: string) => {
    form.setValue(
      'recipients',
      recipients.filter((r) => r !== address),
      { shouldDirty: true },
    );
  };

  const onRecipientKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter adds the address; it never submits the whole form
      event.preventDefault();
      addRecipient();
    }
  };

  const onSubmit = form.handleSubmit(
    (values) => {
      send.mutate({
        request: {
          recipients: values.recipients,
          subject: values.subject.trim(),
          htmlContent: values.htmlContent,
          sendToAll: values.sendToAll,
        },
        values,
      });
    },
    (errors) => {
      // the message under the content must be visible
      if (errors.htmlContent) setView('editor');
    },
  );

  return (
    <TabPanelCard title="Send a Custom Email" subtitle="Write an HTML email to chosen addresses or to every client.">
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Custom email">
        <Stack spacing={2.25}>
          <TextField
            {...textFieldProps(form, 'subject')}
            label="Subject"
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: EMAIL_LIMITS.subject } }}
            sx={{ maxWidth: 640 }}
          />

          <Box>
            <Controller
              control={form.control}
              name="sendToAll"
              render={({ field }) => (
                <FormControlLabel
                  label="Send to all clients"
                  control={
                    <Checkbox
                      name={field.name}
                      checked={field.value}
                      onChange={(e) => {
                        field.onChange(e.target.checked);
                        form.clearErrors('recipients');
                      }}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                    />
                  }
                />
              )}
            />
            {sendToAll ? (
              <Alert severity="info" variant="outlined" role="note" sx={{ mt: 1, maxWidth: 640 }}>
                {recipients.length > 0
                  ? 'The email goes to every client account, and to the addresses listed below.'
                  : 'The email goes to every client account.'}
              </Alert>
            ) : (
              <Stack direction="row" spacing={1} sx={{ mt: 1, maxWidth: 640, alignItems: 'flex-start' }}>
                <TextField
                  label="Add recipient"
                  type="email"
                  size="small"
                  autoComplete="off"
                  placeholder="client@example.com"
                  value={recipientInput}
                  onChange={(e) => setRecipientInput(e.target.value)}
                  onKeyDown={onRecipientKeyDown}
                  error={Boolean(recipientsError)}
                  helperText={recipientsError ?? 'Press Enter or Add after each address.'}
                  slotProps={{ htmlInput: { maxLength: EMAIL_LIMITS.email } }}
                  sx={{ flex: 1 }}
                />
                <Button variant="outlined" onClick={addRecipient} sx={{ height: 40, flexShrink: 0 }}>
                  Add
                </Button>
              </Stack>
            )}
            <Box sx={{ mt: recipients.length > 0 ? 1.5 : 0 }}>
              <RecipientChips recipients={recipients} onRemove={removeRecipient} />
            </Box>
            {sendToAll && recipientsError && <FormHelperText error>{recipientsError}</FormHelperText>}
          </Box>

          <Box>
            <Stack
              direction="row"
              spacing={1}
              sx={{ mb: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
            >
              <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700 }}>
                Content
              </Typography>
              <ToggleButtonGroup
                exclusive
                size="small"
                color="primary"
                aria-label="Content view"
                value={view}
                onChange={(_event, next: ContentView | null) => {
                  if (next) setView(next);
                }}
              >
                <ToggleButton value="editor">Editor</ToggleButton>
                <ToggleButton value="preview">Preview</ToggleButton>
              </ToggleButtonGroup>
            </Stack>
            {view === 'editor' ? (
              <TextField
                {...textFieldProps(form, 'htmlContent')}
                label="HTML Content"
                multiline
                fullWidth
                minRows={12}
                placeholder="<h1>Hello!</h1>"
                slotProps={{ htmlInput: { maxLength: EMAIL_LIMITS.html, spellCheck: false } }}
                sx={{
                  '& .MuiInputBase-root': { minHeight: 300, alignItems: 'flex-start' },
                  '& textarea': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 },
                }}
              />
            ) : (
              <Box>
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
                  Preview of the HTML content (scripts do not run).
                </Typography>
                <SandboxedFrame title="Email preview" html={htmlContent} height={360} />
                {form.formState.errors.htmlContent && <FormHelperText error>{form.formState.errors.htmlContent.message}</FormHelperText>}
              </Box>
            )}
          </Box>

          <Box>
            <Button type="submit" variant="contained" startIcon={<SendOutlined />} disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send Email'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </TabPanelCard>
  );
}
