import { useEffect, useSyncExternalStore } from 'react';
import type { Identifier } from 'react-admin';
import { usePhotosApi } from './photosApi';
import { uploadQueueFor, type UploadQueue, type UploadSnapshot } from './uploadQueue';

/** The project's upload queue and its current state; the page asks before it is left with uploads pending. */
export function useProjectUploads(projectId: Identifier): { queue: UploadQueue; uploads: UploadSnapshot } {
  const api = usePhotosApi();
  const queue = uploadQueueFor(projectId, (id) => (file, options) => api.uploadPhoto(id, file, options));
  const uploads = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  const pending = uploads.pending > 0;
  useEffect(() => {
    if (!pending) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pending]);
  return { queue, uploads };
}
