import CalendarTodayOutlined from '@mui/icons-material/CalendarTodayOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Project } from '../../../../shared/api/schema';
import { formatCurrency, formatDate } from '../../../../shared/ui/formatters';
import { formatShortDueDate } from '../../invoices/format';
import type { BilledProject } from '../../invoices/types';
import { nextInstallmentText } from '../../payments/parts';
import { PaymentBadge } from './PaymentBadge';
import { ProjectThumbnail } from './ProjectThumbnail';

export interface ProjectCardProps {
  /** with CONTRACT §14's next installment when the server sends it */
  project: Project | BilledProject;
  /**
   * SLOT for the payment buttons of an unpaid project ('Pay with Card', 'Use Credits (n)', CONTRACT §7),
   * built by the payments issue. Rendered in the card's actions only while the project is unpaid;
   * nothing shows when it is not given.
   */
  unpaidActions?: ReactNode;
  /** SLOT for what a paid project offers besides its photos: 'Receipt' (CONTRACT §11), after the other buttons. */
  paidActions?: ReactNode;
}

const cardSx = {
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
  transition: 'box-shadow 180ms ease, transform 180ms ease, border-color 180ms ease',
  // hover lift only where a pointer can hover (a tap on a phone must not leave a card raised)
  '@media (hover: hover)': {
    '&:hover': {
      boxShadow: '0 14px 32px rgba(15, 23, 42, 0.12)',
      transform: 'translateY(-2px)',
      borderColor: 'rgba(30, 58, 138, 0.25)',
    },
  },
  '&:focus-within': { borderColor: 'rgba(30, 58, 138, 0.35)' },
  '@media (prefers-reduced-motion: reduce)': { transition: 'none', '&:hover': { transform: 'none' } },
} as const;

/** One project of My Projects: image, name, date, description, services, total, Paid/Unpaid and actions. */
export function ProjectCard({ project, unpaidActions, paidActions: extraPaidActions }: ProjectCardProps) {
  const titleId = `project-${project.id}-title`;
  const services = project.services ?? [];
  const date = formatDate(project.date);
  const showDue = !project.isPaid && project.unpaidAmount > 0 && project.unpaidAmount !== project.price;
  const next = project.isPaid ? null : (project as BilledProject).nextInstallment;
  const nextText = nextInstallmentText(next, formatShortDueDate(next?.dueDate));
  // With photos in the portal, 'View Gallery' leads to them (CONTRACT §10); a paid project's pasted
  // download link stays as 'View Project' when there is one (or when there are no photos to show instead).
  const gallery = project.photoCount > 0 ? <ViewGalleryButton projectId={project.id} primary={project.isPaid} /> : null;
  const paidActions =
    project.downloadLink || !gallery ? (
      <>
        {gallery}
        <ViewProjectButton link={project.downloadLink} secondary={gallery !== null} />
      </>
    ) : (
      gallery
    );
  const actions = project.isPaid ? (
    <>
      {paidActions}
      {extraPaidActions}
    </>
  ) : gallery ? (
    <>
      {gallery}
      {unpaidActions}
    </>
  ) : (
    unpaidActions
  );

  return (
    <Card component="article" aria-labelledby={titleId} data-testid="project-card" sx={cardSx}>
      <Box sx={{ position: 'relative' }}>
        <ProjectThumbnail url={project.thumbnailUrl} name={project.name} />
        <Box sx={{ position: 'absolute', top: 12, right: 12 }}>
          <PaymentBadge paid={project.isPaid} />
        </Box>
      </Box>

      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1.5, p: 2.5, pb: 2 }}>
        <Box>
          <Typography id={titleId} variant="h6" component="h2" sx={{ lineHeight: 1.3, wordBreak: 'break-word' }}>
            {project.name}
          </Typography>
          {(date || project.photoCount > 0) && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ mt: 0.5, display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}
            >
              {date && (
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                  <CalendarTodayOutlined sx={{ fontSize: 16 }} aria-hidden />
                  <time dateTime={project.date}>{date}</time>
                </Box>
              )}
              {date && project.photoCount > 0 && (
                <Box component="span" aria-hidden>
                  ·
                </Box>
              )}
              {project.photoCount > 0 && (
                <Box component="span">
                  {project.photoCount} {project.photoCount === 1 ? 'photo' : 'photos'}
                </Box>
              )}
            </Typography>
          )}
        </Box>

        {project.description && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {project.description}
          </Typography>
        )}

        {services.length > 0 && (
          <Box
            component="ul"
            aria-label="Services"
            sx={{ listStyle: 'none', m: 0, p: 1.5, borderRadius: 2, bgcolor: '#f8fafc', display: 'grid', gap: 1 }}
          >
            {services.map((line) => (
              <Box
                component="li"
                key={line.serviceId}
                sx={{ display: 'flex', justifyContent: 'space-between', gap: 1.5, alignItems: 'baseline' }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" fontWeight={600} sx={{ wordBreak: 'break-word' }}>
                    {line.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    Qty {line.quantity} × {formatCurrency(line.price)}
                  </Typography>
                </Box>
                <Typography variant="body2" fontWeight={600} sx={{ whiteSpace: 'nowrap' }}>
                  {formatCurrency(line.lineTotal ?? line.price * line.quantity)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}

        <Box sx={{ mt: 'auto' }}>
          <Divider sx={{ mb: 1.5 }} />
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
            <Typography variant="body2" color="text.secondary">
              Total
            </Typography>
            <Typography variant="h6" component="p" sx={{ fontSize: '1.15rem' }}>
              {formatCurrency(project.price)}
            </Typography>
          </Box>
          {showDue && (
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mt: 0.5 }}>
              <Typography variant="body2" color="text.secondary">
                Amount due
              </Typography>
              <Typography variant="body2" fontWeight={700} color="warning.main">
                {formatCurrency(project.unpaidAmount)}
              </Typography>
            </Box>
          )}
          {next && nextText && (
            // CONTRACT §14: the next installment, 'Overdue' in the error colour once its date has passed
            <Typography variant="body2" data-testid="next-installment" sx={{ mt: 0.75 }}>
              {nextText}
              {next.overdue && ' '}
              {next.overdue && (
                <Box component="span" sx={{ color: 'error.main', fontWeight: 700, whiteSpace: 'nowrap' }}>
                  · Overdue
                </Box>
              )}
            </Typography>
          )}
        </Box>
      </CardContent>

      {actions && (
        <CardActions
          data-slot={project.isPaid ? 'paid-actions' : 'unpaid-actions'}
          sx={{ px: 2.5, pb: 2.5, pt: 0, gap: 1, flexWrap: 'wrap', '& > :not(style) ~ :not(style)': { ml: 0 } }}
        >
          {actions}
        </CardActions>
      )}
    </Card>
  );
}

function ViewGalleryButton({ projectId, primary }: { projectId: number; primary: boolean }) {
  return (
    <Button
      fullWidth
      variant={primary ? 'contained' : 'outlined'}
      component={RouterLink}
      to={`/projects/${projectId}`}
      startIcon={<PhotoLibraryOutlined />}
    >
      View Gallery
    </Button>
  );
}

function ViewProjectButton({ link, secondary }: { link: string | null; secondary?: boolean }) {
  if (!link) {
    // paid, but the studio has not added the download link yet
    return (
      <Button fullWidth variant={secondary ? 'outlined' : 'contained'} disabled>
        View Project
      </Button>
    );
  }
  return (
    <Button
      fullWidth
      variant={secondary ? 'outlined' : 'contained'}
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      endIcon={<OpenInNew fontSize="small" />}
    >
      View Project
    </Button>
  );
}
