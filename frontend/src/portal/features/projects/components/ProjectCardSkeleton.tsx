import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import { THUMBNAIL_ASPECT_RATIO } from './ProjectThumbnail';

/** A card-shaped placeholder shown while the projects load. */
export function ProjectCardSkeleton() {
  return (
    <Card data-testid="project-card-skeleton" aria-hidden sx={{ height: '100%' }}>
      <Skeleton variant="rectangular" animation="wave" sx={{ width: '100%', height: 'auto', aspectRatio: THUMBNAIL_ASPECT_RATIO }} />
      <CardContent sx={{ p: 2.5 }}>
        <Skeleton variant="text" width="65%" sx={{ fontSize: '1.3rem' }} />
        <Skeleton variant="text" width="35%" />
        <Skeleton variant="text" width="95%" sx={{ mt: 1 }} />
        <Skeleton variant="text" width="80%" />
        <Skeleton variant="rounded" height={56} sx={{ mt: 1.5 }} />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 2 }}>
          <Skeleton variant="text" width="20%" />
          <Skeleton variant="text" width="25%" />
        </Box>
        <Skeleton variant="rounded" height={38} sx={{ mt: 2 }} />
      </CardContent>
    </Card>
  );
}
