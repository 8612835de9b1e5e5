import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState, type DragEvent } from 'react';

/** What the file picker offers (the server decides from the bytes: another type is refused with 415). */
export const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/heic';

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * Where photos are added: drop files anywhere on it, or 'Choose photos' (the device's picker, several at
 * once; on a phone the photo library or the camera).
 */
export function PhotoDropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    if (!over) setOver(true);
  };
  const onDragLeave = (event: DragEvent) => {
    // leaving for a child of the zone is not leaving the zone
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };

  return (
    <Box
      data-testid="photo-drop-zone"
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.selected' : 'action.hover',
        borderRadius: 2,
        px: 2,
        py: { xs: 2, sm: 3 },
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        textAlign: 'center',
        transition: 'border-color 120ms, background-color 120ms',
      }}
    >
      <AddPhotoAlternateOutlined color="primary" sx={{ fontSize: 36, display: { xs: 'none', sm: 'block' } }} />
      <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
        {over ? 'Drop to upload' : 'Drag photos here, or'}
      </Typography>
      <Button variant="contained" startIcon={<AddPhotoAlternateOutlined />} onClick={() => input.current?.click()}>
        Choose photos
      </Button>
      <Typography variant="caption" color="text.secondary">
        JPEG, PNG, WebP or HEIC
      </Typography>
      <input
        ref={input}
        type="file"
        multiple
        accept={PHOTO_TYPES}
        hidden
        aria-label="Choose photos"
        data-testid="photo-file-input"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // the same files chosen again are a new choice
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </Box>
  );
}
