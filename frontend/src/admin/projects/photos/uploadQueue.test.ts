import { describe, expect, it } from 'vitest';
import { UploadCancelled } from './photosApi';
import { UploadQueue, type SendFile } from './uploadQueue';

interface Call {
  file: File;
  progress: (fraction: number) => void;
  signal: AbortSignal;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** A send whose requests wait until the test settles them. */
function controlledSend() {
  const calls: Call[] = [];
  const send: SendFile = (file, { onProgress, signal }) =>
    new Promise((resolve, reject) => {
      const call: Call = { file, progress: onProgress, signal, resolve: () => resolve(undefined), reject };
      signal.addEventListener('abort', () => reject(new UploadCancelled()));
      calls.push(call);
    });
  return { send, calls };
}

const file = (name: string, size = 100) => new File([new Uint8Array(size)], name);
const settle = () => new Promise((r) => setTimeout(r, 0));
const states = (queue: UploadQueue) => queue.getSnapshot().uploads.map((u) => `${u.file.name}:${u.state}`);

describe('UploadQueue', () => {
  it('sends three files at a time, in order, the next one as soon as one ends', async () => {
    const { send, calls } = controlledSend();
    const queue = new UploadQueue(send);
    queue.add(['a', 'b', 'c', 'd', 'e'].map((n) => file(n)));
    expect(calls.map((c) => c.file.name)).toEqual(['a', 'b', 'c']);
    expect(states(queue)).toEqual(['a:uploading', 'b:uploading', 'c:uploading', 'd:queued', 'e:queued']);

    calls[1]!.resolve();
    await settle();
    expect(calls.map((c) => c.file.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(queue.getSnapshot()).toMatchObject({ total: 5, done: 1, pending: 4, failed: 0 });
  });

  it('counts the bytes sent across the batch', async () => {
    const { send, calls } = controlledSend();
    const queue = new UploadQueue(send);
    queue.add([file('a', 1000), file('b', 3000)]);
    calls[0]!.progress(0.5);
    await new Promise((r) => setTimeout(r, 150)); // progress is told at most every 100 ms
    expect(queue.getSnapshot()).toMatchObject({ bytesSent: 500, bytesTotal: 4000 });
    calls[1]!.resolve();
    await settle();
    expect(queue.getSnapshot()).toMatchObject({ bytesSent: 3500, done: 1 });
  });

  it('keeps a failed file with the reason until Retry, which sends it again', async () => {
    const { send, calls } = controlledSend();
    const queue = new UploadQueue(send);
    queue.add([file('notes.txt')]);
    calls[0]!.reject(new Error('notes.txt is not a JPEG, PNG, WebP or HEIC image'));
    await settle();
    const [failed] = queue.getSnapshot().uploads;
    expect(failed).toMatchObject({ state: 'failed', error: 'notes.txt is not a JPEG, PNG, WebP or HEIC image' });
    expect(queue.getSnapshot()).toMatchObject({ failed: 1, pending: 0 });

    queue.retry(failed!.key);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve();
    await settle();
    expect(queue.getSnapshot()).toMatchObject({ total: 1, done: 1, failed: 0 });
  });

  it('cancels a file in flight (aborting its request) and one waiting, and starts the next', async () => {
    const { send, calls } = controlledSend();
    const queue = new UploadQueue(send, 1);
    queue.add([file('a'), file('b'), file('c')]);
    const [a, b] = queue.getSnapshot().uploads;
    queue.cancel(b!.key);
    queue.cancel(a!.key);
    expect(calls[0]!.signal.aborted).toBe(true);
    await settle();
    expect(states(queue)).toEqual(['c:uploading']);
    expect(calls.map((c) => c.file.name)).toEqual(['a', 'c']);
    expect(queue.getSnapshot().total).toBe(1);
  });

  it('Cancel all keeps what was uploaded; a new batch after a finished one starts the counts again', async () => {
    const { send, calls } = controlledSend();
    const queue = new UploadQueue(send, 2);
    queue.add([file('a'), file('b'), file('c')]);
    calls[0]!.resolve();
    await settle();
    queue.cancelAll();
    expect(calls[1]!.signal.aborted).toBe(true);
    expect(calls[2]!.signal.aborted).toBe(true);
    expect(states(queue)).toEqual(['a:done']);

    queue.add([file('d')]);
    expect(states(queue)).toEqual(['d:uploading']);
  });

  it('tells its listeners of each change', async () => {
    const { send, calls } = controlledSend();
    const queue = new UploadQueue(send);
    let told = 0;
    const stop = queue.subscribe(() => (told += 1));
    queue.add([file('a')]);
    expect(told).toBe(1);
    calls[0]!.resolve();
    await settle();
    expect(told).toBe(2);
    stop();
    queue.clearDone();
    expect(told).toBe(2);
    expect(queue.getSnapshot().total).toBe(0);
  });
});
