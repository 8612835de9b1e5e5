import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';
import { otherMessages, type ServerProblem } from './serverErrors';

/** A failed save's sentences as the server wrote them: its `message`, then the other `errors`. */
export function ServerErrors({ problem, sx }: { problem: ServerProblem | null; sx?: SxProps<Theme> }) {
  if (!problem) return null;
  const others = otherMessages(problem);
  return (
    <Alert severity="error" sx={sx}>
      {problem.message}
      {others.length > 0 && (
        <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
          {others.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
