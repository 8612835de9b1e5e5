import BrokenImageOutlined from '@mui/icons-material/BrokenImageOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

function Preview({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  const frame = {
    width: 96,
    height: 72,
    flexShrink: 0,
    borderRadius: 2,
    border: 1,
    borderColor: failed ? 'error.main' : 'divider',
    bgcolor: 'action.hover',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
  } as const;
  if (failed) {
    return (
      <Box sx={frame} role="img" aria-label="Image failed to load" title="Image failed to load">
        <BrokenImageOutlined color="error" />
      </Box>
    );
  }
  return (
    <Box sx={frame}>
      <Box
        component="img"
        src={url}
        alt="Thumbnail preview"
        onError={() => setFailed(true)}
        sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
      />
    </Box>
  );
}

interface ThumbnailFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** Thumbnail URL with a live preview; an error icon when the image cannot be loaded. */
export function ThumbnailField({ value, onChange, error }: ThumbnailFieldProps) {
  const url = value.trim();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <TextField
        label="Thumbnail URL"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="https://..."
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { inputMode: 'url', maxLength: 2048 } }}
      />
      {url ? (
        // key: a new URL starts without the previous one's error
        <Preview key={url} url={url} />
      ) : (
        <Box
          sx={{
            width: 96,
            height: 72,
            flexShrink: 0,
            borderRadius: 2,
            border: 1,
            borderStyle: 'dashed',
            borderColor: 'divider',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          <Typography variant="caption" color="text.secondary">
            Preview
          </Typography>
        </Box>
      )}
    </Stack>
  );
}
