import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { serverMessage, useAdminToast } from '../shared/toast';
import { useCreditsApi } from './dataProvider';
import { CREDITS_KEY } from './queries';
import type { CreditBundle } from './types';

/** Spec §2, word for word. */
export const deleteBundleConfirmation = (name: string) =>
  `This will permanently delete the credit bundle "${name}". This action cannot be undone.`;

export interface DeleteBundleDialogProps {
  /** the bundle to delete; null: closed */
  bundle: CreditBundle | null;
  onClose: () => void;
}

/** The confirmation before deleting a bundle, with Cancel and Delete. */
export function DeleteBundleDialog({ bundle, onClose }: DeleteBundleDialogProps) {
  const api = useCreditsApi();
  const queryClient = useQueryClient();
  const toast = useAdminToast();
  const titleId = useId();
  const descriptionId = useId();
  // keeps the text while the dialog fades out
  const [shown, setShown] = useState<CreditBundle | null>(bundle);
  if (bundle && bundle !== shown) setShown(bundle);
  const current = bundle ?? shown;

  const remove = useMutation({
    mutationFn: (target: CreditBundle) => api.deleteCreditBundle(target.id),
    onSuccess: async () => {
      toast({ title: 'Credit Bundle Deleted' });
      onClose();
      await queryClient.invalidateQueries({ queryKey: CREDITS_KEY });
    },
    onError: (error) =>
      toast({ title: 'Error', description: serverMessage(error, 'Failed to delete credit bundle'), variant: 'destructive' }),
  });

  const close = () => {
    if (!remove.isPending) onClose();
  };

  return (
    <Dialog
      open={bundle !== null}
      onClose={close}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      slotProps={{ transition: { onExited: () => remove.reset() } }}
    >
      <DialogTitle id={titleId}>Delete Bundle</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId}>{current ? deleteBundleConfirmation(current.name) : ''}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={close} disabled={remove.isPending} color="inherit">
          Cancel
        </Button>
        <Button variant="contained" color="error" disabled={remove.isPending} onClick={() => bundle && remove.mutate(bundle)}>
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
