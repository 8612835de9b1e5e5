import Add from '@mui/icons-material/Add';
import CameraAltOutlined from '@mui/icons-material/CameraAltOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { DataTable, ListBase, Pagination, Title, useDataProvider, useListContext, useRefresh } from 'react-admin';
import { formatCurrency, formatDate } from '../../shared/ui/formatters';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useProjectsApi } from './dataProvider';
import { PaidChip } from './PaidChip';
import { DEFAULT_PROJECT_SORT } from './projectRules';
import { ProjectThumbnail } from './ProjectThumbnail';
import { ServiceChips } from './ServiceChips';
import { ListSearch } from '../shared/ListSearch';
import { errorMessage, useToast } from './toast';
import type { Project } from './types';

// The side panel and the form dialog (with its form library) load when first opened, the error panel
// when the list fails.
const ProjectDetailsPanel = lazy(() => import('./ProjectDetailsPanel').then((m) => ({ default: m.ProjectDetailsPanel })));
const ProjectFormDialog = lazy(() => import('./ProjectFormDialog').then((m) => ({ default: m.ProjectFormDialog })));
const LoadErrorAlert = lazy(() => import('../shared/LoadErrorAlert').then((m) => ({ default: m.LoadErrorAlert })));

/** Server paging: 25 rows a page. */
export const PROJECTS_PER_PAGE = 25;
const SEARCH_DELAY_MS = 300;

const Column = DataTable.Col<Project>;

function EmptyState({ onCreate }: { onCreate: () => void }) {
  return (
    <Card sx={{ p: { xs: 4, md: 6 }, textAlign: 'center' }}>
      <Box
        sx={{
          width: 64,
          height: 64,
          borderRadius: '50%',
          bgcolor: 'action.hover',
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          mb: 2,
        }}
      >
        <CameraAltOutlined color="primary" fontSize="large" />
      </Box>
      <Typography variant="h6" component="h2">
        No projects yet
      </Typography>
      <Button variant="contained" startIcon={<Add />} onClick={onCreate} sx={{ mt: 2 }}>
        Create New Project
      </Button>
    </Card>
  );
}

interface RowActionsProps {
  project: Project;
  busy: boolean;
  onView: () => void;
  onEdit: () => void;
  onMarkPaid: () => void;
  onDelete: () => void;
}

function RowActions({ project, busy, onView, onEdit, onMarkPaid, onDelete }: RowActionsProps) {
  return (
    <Box sx={{ display: 'flex', gap: 0.25, justifyContent: 'flex-end' }}>
      <Tooltip title="View project">
        <IconButton aria-label="View project" size="small" onClick={onView}>
          <VisibilityOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Edit">
        <IconButton aria-label="Edit" size="small" onClick={onEdit} disabled={busy}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      {!project.isPaid && (
        <Tooltip title="Mark as Paid">
          <span>
            <IconButton aria-label="Mark as Paid" size="small" color="success" onClick={onMarkPaid} disabled={busy}>
              <PaidOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
      <Tooltip title="Delete">
        <span>
          <IconButton aria-label="Delete" size="small" color="error" onClick={onDelete} disabled={busy}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}

function ProjectListView() {
  const { data, total, isPending, isFetching, error, filterValues } = useListContext<Project>();
  const dataProvider = useDataProvider();
  const api = useProjectsApi();
  const refresh = useRefresh();
  const toast = useToast();

  const [viewed, setViewed] = useState<Project | null>(null);
  const [form, setForm] = useState<{ open: boolean; project: Project | null }>({ open: false, project: null });

  const markPaid = useMutation({
    mutationFn: (project: Project) => api.markProjectPaid(project.id),
    onSuccess: () => {
      toast('Project marked as paid');
      refresh();
    },
    onError: (e) => toast('Error marking project as paid', errorMessage(e), 'error'),
  });

  const remove = useMutation({
    mutationFn: (project: Project) => dataProvider.delete<Project>('projects', { id: project.id, previousData: project }),
    onSuccess: (_result, project) => {
      toast('Project deleted');
      if (viewed?.id === project.id) setViewed(null);
      refresh();
    },
    onError: (e) => toast('Error deleting project', errorMessage(e), 'error'),
  });

  const busyId = markPaid.isPending ? markPaid.variables?.id : remove.isPending ? remove.variables?.id : undefined;
  // the side panel follows the list, so it shows a project's new state after Mark as Paid
  const viewedProject = viewed ? (data?.find((p) => p.id === viewed.id) ?? viewed) : null;
  // once opened, the panel and the dialog stay mounted so that they can play their closing transitions
  const [panelUsed, setPanelUsed] = useState(false);
  const [formUsed, setFormUsed] = useState(false);
  if (viewedProject && !panelUsed) setPanelUsed(true);
  if (form.open && !formUsed) setFormUsed(true);
  const openCreate = () => setForm({ open: true, project: null });
  const searching = typeof filterValues.q === 'string' && filterValues.q !== '';
  const rows: Project[] = data ?? [];
  const empty = !isPending && !error && (total ?? rows.length) === 0;

  return (
    // a grid whose one column may shrink to 0: the page never grows wider than the screen, the
    // table scrolls sideways inside its card instead
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title="Projects" />
      <PageHeader
        title="Projects"
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={openCreate}>
            New Project
          </Button>
        }
      />
      {empty && !searching ? (
        <EmptyState onCreate={openCreate} />
      ) : (
        <Card sx={{ overflow: 'hidden' }}>
          <Box sx={{ p: 2, display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2 }}>
            <ListSearch placeholder="Search projects..." sx={{ maxWidth: { sm: 360 }, bgcolor: 'background.paper' }} />
          </Box>
          <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label="Loading projects" />}</Box>
          {error ? (
            <Suspense fallback={null}>
              <LoadErrorAlert title="Failed to load projects" sx={{ m: 2 }}>
                Please try again later or contact support.
              </LoadErrorAlert>
            </Suspense>
          ) : (
            <DataTable<Project>
              rowClick={false}
              bulkActionButtons={false}
              hover
              size="small"
              aria-label="Projects"
              empty={
                <Typography align="center" color="text.secondary" sx={{ py: 6 }}>
                  No projects match your search.
                </Typography>
              }
              sx={{
                '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
                '& .RaDataTable-table': { minWidth: 1040 },
                '& td, & th': { py: 1.25 },
                '& .RaDataTable-headerCell': { whiteSpace: 'nowrap' },
              }}
            >
              <Column
                label="Thumbnail"
                disableSort
                sx={{ width: 80 }}
                render={(project) => <ProjectThumbnail url={project.thumbnailUrl} name={project.name} />}
              />
              <Column source="name" label="Name" sx={{ fontWeight: 600, minWidth: 160, maxWidth: 240, wordBreak: 'break-word' }} />
              <Column source="clientName" label="Client" sx={{ minWidth: 130 }} render={(project) => project.clientName || 'Unknown'} />
              <Column
                source="price"
                label="Price"
                align="right"
                sx={{ whiteSpace: 'nowrap' }}
                render={(project) => (
                  <>
                    {formatCurrency(project.price)}
                    {project.depositAmount != null && (
                      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        Deposit {formatCurrency(project.depositAmount)}
                      </Typography>
                    )}
                  </>
                )}
              />
              <Column label="Credits" disableSort align="right" render={(project) => project.creditCost ?? 0} />
              <Column source="isPaid" label="Status" render={(project) => <PaidChip isPaid={project.isPaid} />} />
              <Column
                label="Services"
                disableSort
                sx={{ maxWidth: 280 }}
                render={(project) => <ServiceChips services={project.services} />}
              />
              <Column source="date" label="Created Date" sx={{ whiteSpace: 'nowrap' }} render={(project) => formatDate(project.date)} />
              <Column
                label="Actions"
                disableSort
                align="right"
                render={(project) => (
                  <RowActions
                    project={project}
                    busy={busyId === project.id}
                    onView={() => setViewed(project)}
                    onEdit={() => setForm({ open: true, project })}
                    onMarkPaid={() => markPaid.mutate(project)}
                    onDelete={() => remove.mutate(project)}
                  />
                )}
              />
            </DataTable>
          )}
          <Pagination rowsPerPageOptions={[]} />
        </Card>
      )}
      <Suspense fallback={null}>
        {(viewedProject || panelUsed) && <ProjectDetailsPanel project={viewedProject} onClose={() => setViewed(null)} />}
        {(form.open || formUsed) && (
          <ProjectFormDialog open={form.open} project={form.project} onClose={() => setForm((f) => ({ ...f, open: false }))} />
        )}
      </Suspense>
    </Box>
  );
}

/** /admin/projects (spec §2 "Admin Projects"): server-side search, sort and paging. */
export function ProjectList() {
  return (
    <ListBase perPage={PROJECTS_PER_PAGE} sort={DEFAULT_PROJECT_SORT} debounce={SEARCH_DELAY_MS}>
      <ProjectListView />
    </ListBase>
  );
}
