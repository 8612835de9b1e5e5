import DeleteOutline from '@mui/icons-material/DeleteOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Favorite from '@mui/icons-material/Favorite';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import ImageList from '@mui/material/ImageList';
import ImageListItem from '@mui/material/ImageListItem';
import ImageListItemBar from '@mui/material/ImageListItemBar';
import Typography from '@mui/material/Typography';
import type { Photo } from './types';

const centred = {
  width: '100%',
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 0.5,
  p: 1,
  textAlign: 'center',
} as const;

function Tile({ photo }: { photo: Photo }) {
  if (photo.status === 'ready' && photo.thumbnailUrl) {
    return (
      <Box
        component="img"
        src={photo.thumbnailUrl}
        alt={photo.filename}
        loading="lazy"
        sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
    );
  }
  if (photo.status === 'failed') {
    return (
      <Box sx={{ ...centred, pb: 5 }} title={photo.failureReason ?? undefined}>
        <ErrorOutline color="error" fontSize="small" />
        <Typography variant="caption" color="error" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
          Failed
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ lineHeight: 1.2, overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical' }}
        >
          {photo.failureReason ?? 'This file could not be processed'}
        </Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ ...centred, pb: 5 }}>
      <CircularProgress size={22} aria-hidden />
      <Typography variant="caption" color="text.secondary">
        Processing
      </Typography>
    </Box>
  );
}

/** The project's photos as square tiles, three a row: the thumbnail, or Processing, or why it failed. */
export function PhotoGrid({ photos, onDelete }: { photos: Photo[]; onDelete: (photo: Photo) => void }) {
  return (
    <ImageList cols={3} gap={6} rowHeight="auto" aria-label="Photos" sx={{ m: 0, overflow: 'visible' }}>
      {photos.map((photo) => (
        <ImageListItem
          key={photo.id}
          data-status={photo.status}
          sx={{ aspectRatio: '1 / 1', bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}
        >
          <Tile photo={photo} />
          {photo.favorite && (
            <Favorite
              titleAccess="Favorite"
              fontSize="small"
              sx={{ position: 'absolute', top: 6, left: 6, color: 'common.white', filter: 'drop-shadow(0 0 2px rgba(0,0,0,.7))' }}
            />
          )}
          <ImageListItemBar
            title={photo.filename}
            sx={{ '& .MuiImageListItemBar-titleWrap': { px: 1, py: 0.5 }, '& .MuiImageListItemBar-title': { fontSize: 12 } }}
            actionIcon={
              <IconButton
                aria-label={`Delete ${photo.filename}`}
                size="small"
                sx={{ color: 'common.white', mr: 0.25 }}
                onClick={() => onDelete(photo)}
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            }
          />
        </ImageListItem>
      ))}
    </ImageList>
  );
}
