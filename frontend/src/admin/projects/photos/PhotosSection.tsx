import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Confirm, type Identifier } from 'react-admin';
import { errorMessage, useToast } from '../toast';
import { PhotoDropZone } from './PhotoDropZone';
import { PhotoGrid } from './PhotoGrid';
import { usePhotosApi } from './photosApi';
import type { Photo } from './types';
import { UploadProgress } from './UploadProgress';
import { useProjectUploads } from './useProjectUploads';

/** Tiles shown at first, and added by 'Show more'. */
export const PHOTOS_PAGE = 60;
/** While photos are being uploaded or processed, the list is asked again this often. */
export const PHOTOS_POLL_MS = 2000;
/** How often a shown gallery is asked for again when nothing is processing: within the life of its thumbnails' links. */
export const PHOTOS_REFRESH_MS = 5 * 60_000;

/** Query keys of the section: every list of a project starts with photosKey(projectId). */
export const photosKey = (projectId: Identifier) => ['project-photos', String(projectId)] as const;

type View = 'all' | 'favorites';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The Photos section of the project's side panel (CONTRACT §10, back office): add photos (drop or
 * choose; uploaded three at a time with a bar per file), the project's photos with their processing
 * state, delete with a confirmation, the client's favorites and 'Copy file names'.
 */
export function PhotosSection({ projectId }: { projectId: Identifier }) {
  const api = usePhotosApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const headingId = useId();
  const { queue, uploads } = useProjectUploads(projectId);
  const [view, setView] = useState<View>('all');
  const [shown, setShown] = useState(PHOTOS_PAGE);
  // the photo asked about stays after the dialog closes, so that its text does not change while it fades out
  const [toDelete, setToDelete] = useState<Photo | null>(null);
  const [confirming, setConfirming] = useState(false);
  const favorites = view === 'favorites';

  const photos = useQuery({
    queryKey: [...photosKey(projectId), view, shown],
    // the server signs the same thumbnail URLs for 10 minutes (mediaUrlExpiry), so polling re-downloads no thumbnail
    queryFn: () => api.getPhotos(projectId, { start: 0, end: shown - 1, favorite: favorites }),
    placeholderData: keepPreviousData,
    retry: false,
    refetchOnWindowFocus: false,
    // asked again while files are on their way or being processed, until every photo is ready or failed;
    // then every few minutes, before the thumbnails' links (20 to 30 minutes) expire
    refetchInterval: (query) =>
      uploads.pending > 0 || query.state.data?.data.some((photo) => photo.status === 'processing') ? PHOTOS_POLL_MS : PHOTOS_REFRESH_MS,
  });
  const page = photos.data;
  const processing = page?.data.filter((photo) => photo.status === 'processing').length ?? 0;

  // The project's photo count (its ready photos) changes when an upload batch ends and when processing
  // ends: the projects list (and this panel's Photos figure) is fetched again then.
  const busy = uploads.pending > 0 || processing > 0;
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) void queryClient.invalidateQueries({ queryKey: ['projects'] });
    wasBusy.current = busy;
  }, [busy, queryClient]);
  // each finished file shows at once (with Processing), not only at the next poll
  const done = uploads.done;
  useEffect(() => {
    if (done > 0) void queryClient.invalidateQueries({ queryKey: photosKey(projectId) });
  }, [done, projectId, queryClient]);

  const remove = useMutation({
    mutationFn: (photo: Photo) => api.deletePhoto(photo.id),
    onSuccess: (_result, photo) => {
      setConfirming(false);
      toast('Photo deleted', photo.filename);
      void queryClient.invalidateQueries({ queryKey: photosKey(projectId) });
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
    onError: (error) => {
      setConfirming(false);
      toast('Error deleting photo', errorMessage(error, 'The photo could not be deleted. Please try again.'), 'error');
    },
  });

  const copyNames = useMutation({
    mutationFn: async () => {
      const names =
        page && favorites && page.data.length >= page.total ? page.data.map((p) => p.filename) : await api.getFavoriteNames(projectId);
      await navigator.clipboard.writeText(names.join(', '));
      return names.length;
    },
    onSuccess: (count) => toast('File names copied', `${plural(count, 'favorite', 'favorites')} on the clipboard`),
    onError: () => toast('Could not copy the file names', 'The clipboard is not available in this browser.', 'error'),
  });

  const total = page?.total ?? 0;
  const count = page
    ? favorites
      ? plural(total, 'favorite', 'favorites')
      : `${plural(total, 'photo', 'photos')}${processing > 0 ? ` · ${processing} processing` : ''}`
    : '';

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1.5, gap: 1 }}>
        <Typography variant="subtitle1" component="h3" id={headingId}>
          Photos
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="photos-count">
          {count}
        </Typography>
      </Stack>
      <Stack spacing={2}>
        <PhotoDropZone onFiles={(files) => queue.add(files)} />
        <UploadProgress uploads={uploads} queue={queue} />
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            aria-label="Show"
            onChange={(_event, next: View | null) => {
              if (!next) return;
              setView(next);
              setShown(PHOTOS_PAGE);
            }}
          >
            <ToggleButton value="all">All photos</ToggleButton>
            <ToggleButton value="favorites">Favorites</ToggleButton>
          </ToggleButtonGroup>
          {favorites && total > 0 && (
            <Button size="small" startIcon={<ContentCopy />} onClick={() => copyNames.mutate()} disabled={copyNames.isPending}>
              Copy file names
            </Button>
          )}
        </Stack>
        {photos.isError ? (
          <Alert severity="error">Failed to load photos. {errorMessage(photos.error, '')}</Alert>
        ) : !page ? (
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 0.75 }} aria-busy="true" aria-label="Loading photos">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" sx={{ aspectRatio: '1 / 1', height: 'auto' }} />
            ))}
          </Box>
        ) : page.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {favorites ? 'The client has not chosen any favorites yet.' : 'No photos yet'}
          </Typography>
        ) : (
          <>
            <PhotoGrid
              photos={page.data}
              onDelete={(photo) => {
                setToDelete(photo);
                setConfirming(true);
              }}
            />
            {page.data.length < total && (
              <Stack sx={{ alignItems: 'center', gap: 0.5 }}>
                <Typography variant="caption" color="text.secondary">
                  Showing {page.data.length} of {total}
                </Typography>
                <Button onClick={() => setShown((n) => n + PHOTOS_PAGE)} disabled={photos.isFetching}>
                  Show more
                </Button>
              </Stack>
            )}
          </>
        )}
      </Stack>
      <Confirm
        isOpen={confirming}
        loading={remove.isPending}
        title="Delete photo"
        content={`This will permanently delete the photo "${toDelete?.filename ?? ''}" and its previews. This action cannot be undone.`}
        confirm="Delete"
        confirmColor="warning"
        onConfirm={() => toDelete && remove.mutate(toDelete)}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
