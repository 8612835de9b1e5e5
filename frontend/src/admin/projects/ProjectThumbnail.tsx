import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Avatar from '@mui/material/Avatar';

interface ProjectThumbnailProps {
  url?: string | null;
  name: string;
  size?: number;
}

/**
 * A project's thumbnail; a placeholder icon when the URL is missing or the image fails to load
 * (MUI's Avatar shows its children when the image errors).
 */
export function ProjectThumbnail({ url, name, size = 48 }: ProjectThumbnailProps) {
  return (
    <Avatar
      variant="rounded"
      src={url || undefined}
      alt={`${name} thumbnail`}
      sx={{ width: size, height: size, bgcolor: 'action.hover', color: 'text.secondary', borderRadius: 2 }}
    >
      <ImageOutlined fontSize={size > 64 ? 'large' : 'small'} aria-label="No thumbnail" />
    </Avatar>
  );
}
