import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Remove from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatCurrency } from '../../shared/ui/formatters';
import { addServiceLine } from './projectForm';
import type { FormServiceLine, ServiceOption } from './types';

/** Spec §9: minimum service quantity. */
export const MIN_QUANTITY = 1;

interface ServicesPickerProps {
  services: ServiceOption[];
  loading?: boolean;
  lines: FormServiceLine[];
  onChange: (lines: FormServiceLine[]) => void;
  error?: string;
}

/** Service dropdown (name and price), quantity stepper (min 1), Add, and the removable list of lines. */
export function ServicesPicker({ services, loading, lines, onChange, error }: ServicesPickerProps) {
  const [serviceId, setServiceId] = useState('');
  const [quantity, setQuantity] = useState(MIN_QUANTITY);

  const setQty = (n: number) => setQuantity(Number.isFinite(n) ? Math.max(MIN_QUANTITY, Math.floor(n)) : MIN_QUANTITY);

  const add = () => {
    const service = services.find((s) => String(s.id) === serviceId);
    if (!service) return;
    onChange(
      addServiceLine(lines, {
        serviceId: service.id,
        name: service.name,
        price: Number(service.price) || 0,
        quantity,
      }),
    );
    setServiceId('');
    setQuantity(MIN_QUANTITY);
  };

  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Services
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          select
          label="Service"
          value={serviceId}
          onChange={(e) => setServiceId(e.target.value)}
          disabled={loading}
          helperText={!loading && services.length === 0 ? 'No services yet' : undefined}
          sx={{ flex: 1, minWidth: 0 }}
        >
          {services.map((service) => (
            <MenuItem key={service.id} value={String(service.id)}>
              <Stack direction="row" sx={{ width: '100%', justifyContent: 'space-between', gap: 2 }}>
                <span>{service.name}</span>
                <Typography component="span" color="text.secondary">
                  {formatCurrency(service.price)}
                </Typography>
              </Stack>
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Quantity"
          type="number"
          value={quantity}
          onChange={(e) => setQty(Number.parseInt(e.target.value, 10))}
          sx={{ width: { xs: '100%', sm: 170 } }}
          slotProps={{
            htmlInput: { min: MIN_QUANTITY, step: 1, style: { textAlign: 'center' } },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <IconButton
                    aria-label="Decrease quantity"
                    size="small"
                    edge="start"
                    disabled={quantity <= MIN_QUANTITY}
                    onClick={() => setQty(quantity - 1)}
                  >
                    <Remove fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ),
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton aria-label="Increase quantity" size="small" edge="end" onClick={() => setQty(quantity + 1)}>
                    <Add fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <Button variant="outlined" startIcon={<Add />} onClick={add} disabled={!serviceId} sx={{ height: 56 }}>
          Add
        </Button>
      </Stack>
      {error && <FormHelperText error>{error}</FormHelperText>}
      {lines.length > 0 && (
        <List dense aria-label="Selected services" sx={{ mt: 1.5, border: 1, borderColor: 'divider', borderRadius: 2, py: 0 }}>
          {lines.map((line, i) => (
            <ListItem
              key={line.serviceId}
              divider={i < lines.length - 1}
              secondaryAction={
                <IconButton aria-label="Remove" edge="end" onClick={() => onChange(lines.filter((l) => l.serviceId !== line.serviceId))}>
                  <DeleteOutline />
                </IconButton>
              }
              sx={{ pr: 7 }}
            >
              <ListItemText primary={line.name} secondary={`${line.quantity} × ${formatCurrency(line.price)}`} />
              <Typography sx={{ fontWeight: 600, ml: 2 }}>{formatCurrency(line.price * line.quantity)}</Typography>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
