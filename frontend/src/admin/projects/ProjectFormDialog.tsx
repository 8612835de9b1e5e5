import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { HttpError, useDataProvider, useGetList, useRefresh } from 'react-admin';
import { formatCurrency } from '../../shared/ui/formatters';
import { currencyAdornment, useCurrencyAffix } from '../shared/money';
import { ClientPicker } from './ClientPicker';
import { checkProjectForm, computeTotal, emptyProjectForm, projectToForm, toProjectBody, type ProjectFormCheck } from './projectForm';
import { ServicesPicker } from './ServicesPicker';
import { ThumbnailField } from './ThumbnailField';
import { errorMessage, useToast } from './toast';
import type { ClientOption, Project, ProjectFormValues, ServiceOption } from './types';

type FieldErrors = ProjectFormCheck['errors'];

/** Server field errors (`errors: {field: message}`) mapped onto the form's fields. */
function serverFieldErrors(error: unknown): FieldErrors {
  const body = error instanceof HttpError ? (error.body as { errors?: Record<string, string> } | undefined) : undefined;
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(body?.errors ?? {})) {
    if (field === 'selectedServices' || field.startsWith('selectedServices')) errors.services = message;
    else if (field in emptyProjectForm()) errors[field as keyof ProjectFormValues] = message;
  }
  return errors;
}

interface ProjectFormProps {
  project?: Project | null;
  onDone: () => void;
}

function ProjectForm({ project, onDone }: ProjectFormProps) {
  const editing = Boolean(project);
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const toast = useToast();
  const currency = useCurrencyAffix();
  const formId = useId();

  const [values, setValues] = useState<ProjectFormValues>(() => (project ? projectToForm(project) : emptyProjectForm()));
  const [client, setClient] = useState<ClientOption | null>(() =>
    project?.clientId != null ? { id: project.clientId, username: project.clientName || 'Unknown' } : null,
  );
  const [errors, setErrors] = useState<FieldErrors>({});

  const { data: services = [], isPending: servicesLoading } = useGetList<ServiceOption>('services', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
    filter: {},
  });

  const set = <K extends keyof ProjectFormValues>(field: K, value: ProjectFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const save = useMutation({
    mutationFn: async (form: ProjectFormValues) => {
      const body = toProjectBody(form, project ?? undefined);
      if (project) {
        return dataProvider.update<Project>('projects', {
          id: project.id,
          data: body as unknown as Partial<Project>,
          previousData: project,
        });
      }
      return dataProvider.create<Project>('projects', { data: body as unknown as Partial<Project> });
    },
    onSuccess: () => {
      toast(editing ? 'Project updated' : 'Project created');
      refresh();
      onDone();
    },
    onError: (error) => {
      setErrors(serverFieldErrors(error));
      if (editing) {
        toast('Error updating project', errorMessage(error, 'Failed to update project. Please try again.'), 'error');
      } else {
        toast('Error creating project', errorMessage(error), 'error');
      }
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const check = checkProjectForm(values);
    setErrors(check.errors);
    if (check.clientMissing) {
      toast('Client required', 'Please select a client for this project', 'error');
      return;
    }
    if (Object.keys(check.errors).length > 0) {
      toast('Validation error', 'Please check the form for errors.', 'error');
      return;
    }
    save.mutate(values);
  };

  const total = computeTotal(values.services);
  const alreadyPaid = Boolean(project?.isPaid);

  return (
    <>
      <DialogContent dividers>
        <Box component="form" id={formId} noValidate onSubmit={submit}>
          <Stack spacing={2.5}>
            <TextField
              label="Project Name"
              required
              // eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog's first field takes the focus when it opens to create (WAI-ARIA dialog pattern); MUI's Dialog would focus its container
              autoFocus={!editing}
              value={values.name}
              onChange={(e) => set('name', e.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <ClientPicker
              value={client}
              onChange={(next) => {
                setClient(next);
                set('clientId', next ? String(next.id) : '');
              }}
              error={errors.clientId}
            />
            <ThumbnailField value={values.thumbnailUrl} onChange={(v) => set('thumbnailUrl', v)} error={errors.thumbnailUrl} />
            <TextField
              label="Download Link"
              value={values.downloadLink}
              onChange={(e) => set('downloadLink', e.target.value)}
              placeholder="https://..."
              error={Boolean(errors.downloadLink)}
              helperText={errors.downloadLink}
              slotProps={{ htmlInput: { inputMode: 'url', maxLength: 2048 } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Total Price"
                value={formatCurrency(total)}
                helperText="Calculated from the selected services"
                slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-readonly': true } }}
                sx={{ '& .MuiInputBase-input': { fontWeight: 600 } }}
              />
              <TextField
                label="# of Photos"
                type="number"
                value={values.photoCount}
                onChange={(e) => set('photoCount', e.target.value)}
                error={Boolean(errors.photoCount)}
                helperText={errors.photoCount}
                slotProps={{ htmlInput: { min: 0, step: 1 } }}
              />
            </Stack>
            <TextField
              label="Deposit"
              value={values.depositAmount}
              onChange={(e) => set('depositAmount', e.target.value)}
              placeholder="0.00"
              error={Boolean(errors.depositAmount)}
              helperText={errors.depositAmount ?? 'Optional: paid by the client before the rest, at most the total price'}
              slotProps={{
                input: currencyAdornment(currency),
                htmlInput: { inputMode: 'decimal', maxLength: 13 },
              }}
            />
            <ServicesPicker
              services={services}
              loading={servicesLoading}
              lines={values.services}
              onChange={(lines) => set('services', lines)}
              error={errors.services}
            />
            <Box>
              <FormControlLabel
                control={<Checkbox checked={values.isPaid} disabled={alreadyPaid} onChange={(e) => set('isPaid', e.target.checked)} />}
                label="Mark as Already Paid"
              />
              <FormHelperText sx={{ mt: -0.5, ml: 4 }}>this will mark the project as paid without requiring client payment</FormHelperText>
            </Box>
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onDone} disabled={save.isPending} color="inherit">
          Cancel
        </Button>
        <Button
          type="submit"
          form={formId}
          variant="contained"
          disabled={save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {editing ? 'Update Project' : 'Create Project'}
        </Button>
      </DialogActions>
    </>
  );
}

interface ProjectFormDialogProps {
  open: boolean;
  /** the project to edit; none for Create Project */
  project?: Project | null;
  onClose: () => void;
}

/** Create Project / Edit Project dialog (spec §2). The form starts afresh each time it opens. */
export function ProjectFormDialog({ open, project, onClose }: ProjectFormDialogProps) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{project ? 'Edit Project' : 'Create Project'}</DialogTitle>
      {/* the Dialog unmounts its content once closed: the form starts afresh each time */}
      <ProjectForm key={project?.id ?? 'new'} project={project} onDone={onClose} />
    </Dialog>
  );
}
