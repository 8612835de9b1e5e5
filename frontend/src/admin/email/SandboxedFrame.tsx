import { styled } from '@mui/material/styles';

const Frame = styled('iframe')(({ theme }) => ({
  display: 'block',
  width: '100%',
  minHeight: 300,
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  // e-mails are designed on white, whatever the admin's theme
  backgroundColor: '#fff',
  colorScheme: 'light',
}));

interface SandboxedFrameProps {
  /** the frame's accessible name, e.g. 'Email preview' */
  title: string;
  html: string;
  height?: number;
}

// The frame takes no keyboard focus: its sandbox (an opaque origin, no scripts) would keep keys such as
// Escape inside the e-mail, so a dialog showing it could not be closed from the keyboard. A preview is
// for reading: the dialog's own controls stay reachable.

/**
 * Shows e-mail HTML in a frame with an empty sandbox: no scripts, no forms, no plugins, no
 * same-origin access, no top navigation. This is the only way the back office renders stored or
 * typed HTML.
 */
export function SandboxedFrame({ title, html, height = 300 }: SandboxedFrameProps) {
  return <Frame title={title} sandbox="" referrerPolicy="no-referrer" srcDoc={html} tabIndex={-1} sx={{ height }} />;
}
