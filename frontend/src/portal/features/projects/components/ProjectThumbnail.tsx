import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Box from '@mui/material/Box';
import { useState } from 'react';

/** Thumbnails share one shape so that the cards of a row line up. */
export const THUMBNAIL_ASPECT_RATIO = '16 / 10';

interface ProjectThumbnailProps {
  url: string | null | undefined;
  /** the project's name, for the image's alternative text */
  name: string;
}

function Placeholder({ name }: { name: string }) {
  return (
    <Box
      role="img"
      aria-label={`${name}: no preview image`}
      data-testid="thumbnail-placeholder"
      sx={{
        aspectRatio: THUMBNAIL_ASPECT_RATIO,
        display: 'grid',
        placeItems: 'center',
        color: 'primary.light',
        background: 'linear-gradient(135deg, #e8eefc 0%, #f3f6fd 55%, #fdf4e3 100%)',
      }}
    >
      <PhotoCameraOutlined sx={{ fontSize: 56, opacity: 0.55 }} />
    </Box>
  );
}

function Image({ url, name }: { url: string; name: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) return <Placeholder name={name} />;
  return (
    <Box
      component="img"
      src={url}
      alt={`${name} thumbnail`}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
      sx={{ display: 'block', width: '100%', aspectRatio: THUMBNAIL_ASPECT_RATIO, objectFit: 'cover', bgcolor: 'grey.100' }}
    />
  );
}

/** The card's image; a camera placeholder when the project has no thumbnail or it fails to load. */
export function ProjectThumbnail({ url, name }: ProjectThumbnailProps) {
  const src = url?.trim();
  if (!src) return <Placeholder name={name} />;
  // keyed by URL: a new URL gets a fresh chance to load
  return <Image key={src} url={src} name={name} />;
}
