import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { serviceChips } from './projectRules';
import type { ProjectServiceLine } from './types';

/** At most 2 service chips, then '+N more' (spec §2, §9). */
export function ServiceChips({ services }: { services?: ProjectServiceLine[] }) {
  const names = (services ?? []).map((s) => s.name);
  if (names.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  }
  const { shown, more } = serviceChips(names);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {shown.map((name, i) => (
        <Chip key={`${name}-${i}`} label={name} size="small" variant="outlined" sx={{ maxWidth: 160 }} />
      ))}
      {more && <Chip label={more} size="small" title={names.slice(2).join(', ')} sx={{ bgcolor: 'action.selected', fontWeight: 600 }} />}
    </Box>
  );
}
