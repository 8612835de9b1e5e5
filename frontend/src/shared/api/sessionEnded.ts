const KEY = 'portal.sessionEnded';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/** Notes, for the sign-in page about to show, that the session ended under the user (not a sign-out). */
export function markSessionEnded(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // storage unavailable (private mode): the sign-in page just shows no note
  }
}

/** True once after markSessionEnded(): the note is shown one time. */
export function takeSessionEnded(): boolean {
  try {
    const ended = sessionStorage.getItem(KEY) === '1';
    sessionStorage.removeItem(KEY);
    return ended;
  } catch {
    return false;
  }
}
