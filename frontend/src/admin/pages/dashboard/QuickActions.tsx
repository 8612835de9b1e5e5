import AddAPhotoOutlined from '@mui/icons-material/AddAPhotoOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import DesignServicesOutlined from '@mui/icons-material/DesignServicesOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useBasename } from 'react-admin';
import { Link } from 'react-router';

const actionSx = {
  justifyContent: 'flex-start',
  py: 1.5,
  px: 2,
  gap: 0.5,
  borderColor: 'divider',
  color: 'text.primary',
  bgcolor: 'background.paper',
  '& .MuiButton-startIcon': { color: 'primary.main' },
  '&:hover': { borderColor: 'primary.main', bgcolor: 'rgba(30, 58, 138, 0.04)' },
} as const;

function ActionLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Button component={Link} to={to} variant="outlined" size="large" startIcon={icon} sx={actionSx}>
      {children}
    </Button>
  );
}

/** Add Client (dialog), New Project, Manage Services, View Reports (spec §2 "Quick Actions"). */
export function QuickActions({ onAddClient }: { onAddClient: () => void }) {
  const basename = useBasename();
  return (
    <Card component="section" aria-labelledby="quick-actions-heading" sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id="quick-actions-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
          Quick Actions
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr' } }}>
          <Button variant="outlined" size="large" startIcon={<PersonAddAltOutlined />} sx={actionSx} onClick={onAddClient}>
            Add Client
          </Button>
          <ActionLink to={`${basename}/projects`} icon={<AddAPhotoOutlined />}>
            New Project
          </ActionLink>
          <ActionLink to={`${basename}/services`} icon={<DesignServicesOutlined />}>
            Manage Services
          </ActionLink>
          <ActionLink to={`${basename}/payments`} icon={<AssessmentOutlined />}>
            View Reports
          </ActionLink>
        </Box>
      </CardContent>
    </Card>
  );
}
