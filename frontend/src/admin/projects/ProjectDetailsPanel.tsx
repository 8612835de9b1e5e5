import CheckCircle from '@mui/icons-material/CheckCircle';
import Close from '@mui/icons-material/Close';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { formatCurrency, formatDate } from '../../shared/ui/formatters';
import { PaidChip } from './PaidChip';
import { PhotosSection } from './photos/PhotosSection';
import type { Project } from './types';

/** Spec §9: the side panel's services list is 200 px high. */
export const PANEL_SERVICES_HEIGHT = 200;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: 0.6 }}>
        {label}
      </Typography>
      <Typography component="div" sx={{ fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}

function PanelImage({ url, name }: { url?: string | null; name: string }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <Box
        sx={{
          width: '100%',
          height: 140,
          borderRadius: 2,
          bgcolor: 'action.hover',
          color: 'text.disabled',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <ImageOutlined sx={{ fontSize: 48 }} aria-label="No thumbnail" />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={url}
      alt={`${name} thumbnail`}
      onError={() => setFailed(true)}
      sx={{ width: '100%', height: 200, objectFit: 'cover', borderRadius: 2, bgcolor: 'action.hover' }}
    />
  );
}

interface ProjectDetailsPanelProps {
  project: Project | null;
  onClose: () => void;
}

/**
 * "View project": the right-hand side panel (spec §2 "Project details side panel"), with the project's
 * Photos section (CONTRACT §10; in this lazy chunk, so the Projects page's first load does not carry it).
 */
export function ProjectDetailsPanel({ project, onClose }: ProjectDetailsPanelProps) {
  const services = project?.services ?? [];
  return (
    <Drawer
      anchor="right"
      open={project !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 420 } }, role: 'dialog', 'aria-label': 'Project details' } }}
    >
      {project && (
        <Stack spacing={2.5} sx={{ p: 3 }}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="overline" color="text.secondary">
              Project details
            </Typography>
            <IconButton aria-label="Close" onClick={onClose} edge="end">
              <Close />
            </IconButton>
          </Stack>
          {/* key: a new project gets a fresh image state */}
          <PanelImage key={project.id} url={project.thumbnailUrl} name={project.name} />
          <Box>
            <Typography variant="h5" component="h2" sx={{ wordBreak: 'break-word' }}>
              {project.name}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
              <PaidChip isPaid={project.isPaid} />
              {project.date && (
                <Typography variant="body2" color="text.secondary">
                  {formatDate(project.date)}
                </Typography>
              )}
            </Stack>
          </Box>
          {project.isPaid && (
            <Alert icon={<CheckCircle fontSize="inherit" />} severity="success">
              Payment marked as complete by admin
            </Alert>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
            <Detail label="Client">{project.clientName || 'Unknown'}</Detail>
            <Detail label="Amount">{formatCurrency(project.price)}</Detail>
            {project.depositAmount != null && <Detail label="Deposit">{formatCurrency(project.depositAmount)}</Detail>}
            {!project.isPaid && (project.amountPaid ?? 0) > 0 && <Detail label="Still owed">{formatCurrency(project.unpaidAmount)}</Detail>}
            {(project.photoCount ?? 0) > 0 && <Detail label="Photos">{project.photoCount}</Detail>}
          </Box>
          {project.downloadLink && (
            <Button
              variant="outlined"
              startIcon={<DownloadOutlined />}
              href={project.downloadLink}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ alignSelf: 'flex-start' }}
            >
              Download Files
            </Button>
          )}
          <Divider />
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
              Services
            </Typography>
            <Box
              data-testid="panel-services"
              sx={{
                height: PANEL_SERVICES_HEIGHT,
                overflowY: 'auto',
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
              }}
            >
              {services.length === 0 ? (
                <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center' }}>
                  <Typography color="text.secondary">No services added</Typography>
                </Stack>
              ) : (
                <List dense disablePadding>
                  {services.map((line, i) => (
                    <ListItem
                      key={`${line.serviceId}-${i}`}
                      divider={i < services.length - 1}
                      secondaryAction={
                        <Typography sx={{ fontWeight: 600 }}>{formatCurrency(line.lineTotal ?? line.price * line.quantity)}</Typography>
                      }
                    >
                      <ListItemText primary={line.name} secondary={`Qty: ${line.quantity} × ${formatCurrency(line.price)}`} />
                    </ListItem>
                  ))}
                </List>
              )}
            </Box>
          </Box>
          <Divider />
          {/* key: another project starts with its own view (filter, pages) */}
          <PhotosSection key={`photos-${project.id}`} projectId={project.id} />
        </Stack>
      )}
    </Drawer>
  );
}
