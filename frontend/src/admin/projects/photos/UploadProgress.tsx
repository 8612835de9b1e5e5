import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Close from '@mui/icons-material/Close';
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatBytes } from './format';
import type { Upload, UploadQueue, UploadSnapshot } from './uploadQueue';

/** Rows of files shown at most: the failed ones, those in flight, then the next in line; the rest are counted. */
export const UPLOAD_ROWS_SHOWN = 8;

const percent = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.round((part / whole) * 100)) : 0);

/** The rows worth a line: failures first (they wait for the admin), then in flight, then the next queued. */
function rowsToShow(uploads: readonly Upload[]): { rows: Upload[]; waiting: number } {
  const failed = uploads.filter((u) => u.state === 'failed');
  const uploading = uploads.filter((u) => u.state === 'uploading');
  const queued = uploads.filter((u) => u.state === 'queued');
  const rows = [...failed, ...uploading, ...queued].slice(0, Math.max(UPLOAD_ROWS_SHOWN, failed.length + uploading.length));
  return { rows, waiting: failed.length + uploading.length + queued.length - rows.length };
}

function UploadRow({ upload, queue }: { upload: Upload; queue: UploadQueue }) {
  const name = upload.file.name;
  const failed = upload.state === 'failed';
  return (
    <ListItem disableGutters divider sx={{ display: 'block', py: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" noWrap title={name} sx={{ fontWeight: 500 }}>
            {name}
          </Typography>
          <Typography variant="caption" color={failed ? 'error' : 'text.secondary'} sx={{ display: 'block', wordBreak: 'break-word' }}>
            {failed
              ? upload.error
              : upload.state === 'uploading'
                ? `${formatBytes(upload.sent)} of ${formatBytes(upload.file.size)}`
                : `Waiting · ${formatBytes(upload.file.size)}`}
          </Typography>
        </Box>
        {failed && (
          <Button size="small" startIcon={<Refresh />} onClick={() => queue.retry(upload.key)} aria-label={`Retry ${name}`}>
            Retry
          </Button>
        )}
        <Tooltip title={failed ? 'Remove' : 'Cancel'}>
          <IconButton size="small" aria-label={`${failed ? 'Remove' : 'Cancel'} ${name}`} onClick={() => queue.cancel(upload.key)}>
            <Close fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      {!failed && (
        <LinearProgress
          variant="determinate"
          value={percent(upload.sent, upload.file.size)}
          aria-label={`Upload of ${name}`}
          sx={{ mt: 0.75, borderRadius: 1 }}
        />
      )}
    </ListItem>
  );
}

/** The batch being uploaded: overall progress (files and bytes), a row per file worth one, Retry and Cancel. */
export function UploadProgress({ uploads, queue }: { uploads: UploadSnapshot; queue: UploadQueue }) {
  if (uploads.total === 0) return null;
  const { rows, waiting } = rowsToShow(uploads.uploads);
  const finished = uploads.pending === 0;
  const summary = finished
    ? uploads.failed === 0
      ? `${uploads.done} of ${uploads.total} uploaded`
      : `${uploads.done} of ${uploads.total} uploaded, ${uploads.failed} failed`
    : `Uploading: ${uploads.done} of ${uploads.total} done`;

  return (
    <Box component="section" aria-label="Uploads" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
          {finished && uploads.failed === 0 && <CheckCircleOutline color="success" fontSize="small" />}
          <Typography variant="body2" sx={{ fontWeight: 600 }} role="status">
            {summary}
          </Typography>
        </Stack>
        {finished ? (
          uploads.failed === 0 && (
            <Button size="small" color="inherit" onClick={() => queue.clearDone()}>
              Dismiss
            </Button>
          )
        ) : (
          <Button size="small" color="inherit" onClick={() => queue.cancelAll()}>
            Cancel all
          </Button>
        )}
      </Stack>
      <LinearProgress
        variant="determinate"
        value={percent(uploads.bytesSent, uploads.bytesTotal)}
        color={finished && uploads.failed === 0 ? 'success' : 'primary'}
        aria-label="Overall upload progress"
        sx={{ my: 1, height: 6, borderRadius: 1 }}
      />
      <Typography variant="caption" color="text.secondary" data-testid="upload-bytes">
        {formatBytes(uploads.bytesSent)} of {formatBytes(uploads.bytesTotal)}
      </Typography>
      {rows.length > 0 && (
        <List dense disablePadding aria-label="Files" sx={{ maxHeight: 320, overflowY: 'auto' }}>
          {rows.map((upload) => (
            <UploadRow key={upload.key} upload={upload} queue={queue} />
          ))}
        </List>
      )}
      {waiting > 0 && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {waiting === 1 ? '1 more file waiting' : `${waiting} more files waiting`}
        </Typography>
      )}
    </Box>
  );
}
