import DeleteOutline from '@mui/icons-material/DeleteOutline';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useId, useRef, useState } from 'react';
import { serverMessage, useAdminToast } from '../shared/toast';
import { useStudioApi } from './dataProvider';
import type { StudioSettings } from './types';

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
const LOGO_TYPES = ['image/png', 'image/jpeg'];

interface LogoSectionProps {
  name: string;
  logoUrl: string | null;
  /** the settings the server answered after an upload or a removal */
  onChanged: (settings: StudioSettings) => void;
}

/**
 * The studio's logo: its preview, 'Upload logo' (PNG or JPEG up to 2 MB, sent at once: the server resizes
 * it) and 'Remove logo'. Not a field of the settings form: it is saved when chosen.
 */
export function LogoSection({ name, logoUrl, onChanged }: LogoSectionProps) {
  const api = useStudioApi();
  const toast = useAdminToast();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const labelId = useId();
  const errorId = useId();

  const run = async (kind: 'upload' | 'remove', call: () => Promise<StudioSettings>, done: string) => {
    setBusy(kind);
    setError(null);
    try {
      onChanged(await call());
      toast({ title: done });
    } catch (failure) {
      setError(serverMessage(failure, kind === 'upload' ? 'The logo could not be uploaded' : 'The logo could not be removed'));
    } finally {
      setBusy(null);
    }
  };

  const upload = (file: File | undefined) => {
    if (input.current) input.current.value = ''; // choosing the same file again still uploads it
    if (!file) return;
    // the server's own rules (415, 413), said before sending megabytes for nothing
    if (!LOGO_TYPES.includes(file.type)) return setError('The logo must be a PNG or JPEG image');
    if (file.size > LOGO_MAX_BYTES) return setError('The logo must be at most 2 MB');
    void run('upload', () => api.uploadLogo(file), 'Logo uploaded');
  };

  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="subtitle2" component="p" sx={{ fontWeight: 700, mb: 1 }}>
        Logo
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          sx={{
            width: 128,
            height: 80,
            flexShrink: 0,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'grey.50',
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
          }}
        >
          {logoUrl ? (
            <Box component="img" src={logoUrl} alt={`${name} logo`} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
          ) : (
            <Typography variant="caption" color="text.secondary">
              No logo yet
            </Typography>
          )}
        </Box>
        <Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {/* MUI's file upload: a label styled as a button around a visually hidden, focusable file input */}
            <Button
              component="label"
              role={undefined}
              tabIndex={-1}
              variant="outlined"
              startIcon={<FileUploadOutlined />}
              disabled={busy !== null}
              aria-describedby={error ? errorId : undefined}
              sx={{ '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}
            >
              {busy === 'upload' ? 'Uploading...' : logoUrl ? 'Replace logo' : 'Upload logo'}
              <Box
                component="input"
                ref={input}
                type="file"
                name="logo"
                accept="image/png,image/jpeg"
                onChange={(event) => upload((event.target as HTMLInputElement).files?.[0])}
                sx={visuallyHidden}
              />
            </Button>
            {logoUrl && (
              <Button
                variant="text"
                color="error"
                startIcon={<DeleteOutline />}
                disabled={busy !== null}
                onClick={() => void run('remove', () => api.removeLogo(), 'Logo removed')}
              >
                {busy === 'remove' ? 'Removing...' : 'Remove logo'}
              </Button>
            )}
          </Stack>
          {error ? (
            <FormHelperText id={errorId} error role="alert">
              {error}
            </FormHelperText>
          ) : (
            <FormHelperText>PNG or JPEG, at most 2 MB; shown on the sign-in page, the bars, e-mails and receipts.</FormHelperText>
          )}
        </Box>
      </Stack>
    </Box>
  );
}
