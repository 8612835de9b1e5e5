import Alert from '@mui/material/Alert';
import { SESSION_ENDED_MESSAGE } from '../../../../shared/api/sessionEnded';

/**
 * The sign-in page's note that the session ended. Its own chunk: MUI's Alert is only needed on the
 * rare visit after an ended session, not in the sign-in page's first load (decision 0014).
 */
export function SessionEndedNotice() {
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {SESSION_ENDED_MESSAGE}
    </Alert>
  );
}
