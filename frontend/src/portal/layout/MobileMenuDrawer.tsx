import Drawer from '@mui/material/Drawer';
import { useEffect, useState, type ReactNode } from 'react';

export interface MobileMenuDrawerProps {
  open: boolean;
  onClose: () => void;
  width: number;
  children: ReactNode;
}

/**
 * The small-screen menu: MUI's temporary Drawer (Modal, focus trap, backdrop, slide). Its own chunk,
 * fetched when the menu button is first pressed, so that no signed-in page carries it in its first
 * load (decision 0014). It opens one render after it mounts: a Drawer mounted open skips its slide-in,
 * and the menu is to slide in as it always did.
 */
export function MobileMenuDrawer({ open, onClose, width, children }: MobileMenuDrawerProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Drawer variant="temporary" open={open && mounted} onClose={onClose} sx={{ '& .MuiDrawer-paper': { width } }}>
      {children}
    </Drawer>
  );
}
