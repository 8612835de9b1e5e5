import ArrowBack from '@mui/icons-material/ArrowBack';
import Download from '@mui/icons-material/Download';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import type { Project } from '../../shared/api/schema';
import { formatDate } from '../../shared/ui/formatters';
import { galleriesApi } from '../features/galleries/api';
import { GalleryGrid } from '../features/galleries/components/GalleryGrid';
import { Lightbox } from '../features/galleries/components/Lightbox';
import { pagesFor, refreshGallery, useGalleryProject, useGalleryView, useToggleFavorite } from '../features/galleries/hooks';
import { CardPaymentProvider, useCardPayment } from '../features/payments/components/CardPaymentProvider';
import { PaymentBadge } from '../features/projects/components/PaymentBadge';
import { StatePanel } from '../features/projects/components/StatePanel';

const photosText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'photo' : 'photos'}`;

/** /projects/{id}: the client's gallery of one project (CONTRACT §10). */
export function GalleryPage() {
  const { projectId } = useParams();
  const id = Number(projectId);
  const query = useGalleryProject(id);
  const project = query.data;
  const queryClient = useQueryClient();

  // another client's project is a 404 too (the server does not say whether it exists)
  if (!Number.isSafeInteger(id) || id <= 0 || (query.error instanceof ApiError && query.error.status === 404)) {
    return <NotFound />;
  }
  if (query.isError && !project) {
    return (
      <StatePanel icon={<ErrorOutline />} title="Failed to load the gallery" tone="error">
        Please try again later or contact support.
      </StatePanel>
    );
  }
  // The photos are asked for at once, beside the project (not after it): the first thumbnails are
  // what the page is waiting for.
  return (
    <CardPaymentProvider
      // the payment dialog says 'Payment Successful'; the photos come again, clean and downloadable
      onPaid={() => void refreshGallery(queryClient, id)}
    >
      <Gallery projectId={id} project={project} />
    </CardPaymentProvider>
  );
}

function BackLink() {
  return (
    <Button component={RouterLink} to="/projects" startIcon={<ArrowBack />} sx={{ mb: 1.5, ml: -1 }}>
      My Projects
    </Button>
  );
}

function NotFound() {
  return (
    <>
      <BackLink />
      <StatePanel icon={<ErrorOutline />} title="Project not found">
        This project is not in your account. Go back to My Projects to see yours.
      </StatePanel>
    </>
  );
}

/** Tiles' places while the first page (or the project) comes in. */
function GridSkeleton() {
  return (
    <Box
      aria-busy="true"
      aria-label="Loading photos"
      sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' }, gap: 1.5 }}
    >
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} variant="rounded" sx={{ aspectRatio: '1 / 1', height: 'auto' }} />
      ))}
    </Box>
  );
}

function Gallery({ projectId, project }: { projectId: number; project: Project | undefined }) {
  const [favorites, setFavorites] = useState(false);
  const [range, setRange] = useState<[number, number]>([0, 0]);
  const [viewing, setViewing] = useState<number | null>(null);
  const { start, openingId } = useCardPayment();

  // the pages on screen, and the lightbox's photo with its neighbours
  const pages = useMemo(
    () => [...pagesFor(range[0], range[1]), ...(viewing === null ? [] : pagesFor(viewing - 1, viewing + 1))],
    [range, viewing],
  );
  const view = useGalleryView(projectId, favorites, pages);
  const favoritesCount = useGalleryView(projectId, true, []).total;
  const toggleFavorite = useToggleFavorite(projectId);
  const onRangeChange = useCallback((first: number, last: number) => {
    setRange((current) => (current[0] === first && current[1] === last ? current : [first, last]));
  }, []);
  const pay = () => {
    if (!project) return;
    setViewing(null);
    start(project);
  };
  const unpaid = project !== undefined && !project.isPaid;

  let content;
  // the grid waits for the project too, so the unpaid notice does not push it down once shown
  if (view.isPending || !project) {
    content = <GridSkeleton />;
  } else if (view.error) {
    const missing = view.error instanceof ApiError && view.error.status === 404;
    content = missing ? (
      <NotFound />
    ) : (
      <StatePanel icon={<ErrorOutline />} title="Failed to load photos" tone="error">
        Please try again later or contact support.
      </StatePanel>
    );
  } else if (view.total === 0) {
    content = favorites ? (
      <StatePanel icon={<FavoriteBorder />} title="No favorites yet">
        Tap the heart on a photo to add it to your favorites.
      </StatePanel>
    ) : (
      <StatePanel icon={<PhotoLibraryOutlined />} title="No photos yet">
        Your photos will appear here as soon as the studio adds them.
      </StatePanel>
    );
  } else {
    content = (
      <GalleryGrid
        // the notice above goes once paid, moving the grid up: measured again where it then starts
        key={unpaid ? 'unpaid' : 'paid'}
        total={view.total}
        photoAt={view.photoAt}
        onRangeChange={onRangeChange}
        onOpen={setViewing}
        onToggleFavorite={toggleFavorite}
      />
    );
  }

  return (
    <>
      <BackLink />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2.5 }}>
        {project ? (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, wordBreak: 'break-word' }}>
              {project.name}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.75, flexWrap: 'wrap' }}>
              <PaymentBadge paid={project.isPaid} />
              <Typography variant="body2" color="text.secondary">
                {[formatDate(project.date), photosText(project.photoCount)].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
          </Box>
        ) : (
          <Box sx={{ width: '100%' }} aria-hidden>
            <Skeleton variant="text" sx={{ fontSize: '2rem', maxWidth: 320 }} />
            <Skeleton variant="text" sx={{ maxWidth: 200 }} />
          </Box>
        )}
        {project?.isPaid && project.photoCount > 0 && (
          <Button
            variant="contained"
            size="large"
            href={galleriesApi.zipUrl(project.id)}
            download
            startIcon={<Download />}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            Download All
          </Button>
        )}
      </Box>

      {unpaid && (
        <Alert severity="info" role="note" icon={<LockOutlined />} sx={{ mb: 2.5, '& .MuiAlert-message': { width: '100%' } }}>
          <Box
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              alignItems: { xs: 'stretch', sm: 'center' },
              justifyContent: 'space-between',
              gap: 1.5,
            }}
          >
            <span>Previews carry the studio’s watermark. Once the project is paid, you can download every photo in full quality.</span>
            <Button
              variant="contained"
              onClick={pay}
              disabled={openingId !== null}
              startIcon={openingId === projectId ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              Pay to download
            </Button>
          </Box>
        </Alert>
      )}

      <ToggleButtonGroup
        exclusive
        size="small"
        value={favorites ? 'favorites' : 'all'}
        onChange={(_, value: string | null) => {
          if (value) setFavorites(value === 'favorites');
        }}
        aria-label="Show"
        sx={{ mb: 2, bgcolor: 'background.paper' }}
      >
        <ToggleButton value="all">All photos</ToggleButton>
        <ToggleButton value="favorites">Favorites ({favoritesCount})</ToggleButton>
      </ToggleButtonGroup>

      {content}

      <Lightbox
        index={viewing !== null && viewing < view.total ? viewing : null}
        total={view.total}
        photoAt={view.photoAt}
        onIndexChange={setViewing}
        onClose={() => setViewing(null)}
        onToggleFavorite={toggleFavorite}
        onPay={unpaid ? pay : undefined}
      />
    </>
  );
}
