import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useRef, type KeyboardEvent } from 'react';

export type AuthTab = 'login' | 'register';

const TABS: { value: AuthTab; label: string }[] = [
  { value: 'login', label: 'Login' },
  { value: 'register', label: 'Register' },
];

/**
 * The Login / Register tabs: what MUI's full-width `<Tabs>` with two `<Tab>`s renders with this theme
 * (same size, colours, ripple and sliding indicator; roles tablist/tab, arrow keys, Home and End move
 * the focus), from ButtonBase, which every page loads anyway, rather than Tabs' ~5 kB gzipped
 * (decision 0014). Each tab controls the panel `auth-panel-<value>`.
 */
export function AuthTabs({ value, onChange }: { value: AuthTab; onChange: (value: AuthTab) => void }) {
  const list = useRef<HTMLDivElement>(null);
  const selected = TABS.findIndex((t) => t.value === value);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = [...(list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])];
    const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (current < 0) return;
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    tabs[(next + tabs.length) % tabs.length].focus();
  };

  return (
    <Box sx={{ mb: 3, borderBottom: 1, borderColor: 'divider', overflow: 'hidden', minHeight: 48, display: 'flex' }}>
      <Box sx={{ position: 'relative', flex: '1 1 auto', whiteSpace: 'nowrap', width: '100%', overflowX: 'hidden' }}>
        <Box ref={list} role="tablist" onKeyDown={onKeyDown} sx={{ display: 'flex' }}>
          {TABS.map((tab) => (
            <ButtonBase
              key={tab.value}
              focusRipple
              role="tab"
              id={`auth-tab-${tab.value}`}
              aria-controls={`auth-panel-${tab.value}`}
              aria-selected={tab.value === value}
              tabIndex={tab.value === value ? 0 : -1}
              onClick={() => tab.value !== value && onChange(tab.value)}
              sx={(theme) => ({
                ...theme.typography.button,
                textTransform: 'none',
                fontWeight: 600,
                fontSize: '0.95rem',
                minWidth: 90,
                position: 'relative',
                minHeight: 48,
                flex: '1 1 0',
                padding: '12px 16px',
                overflow: 'hidden',
                whiteSpace: 'normal',
                textAlign: 'center',
                lineHeight: 1.25,
                color: tab.value === value ? theme.palette.primary.main : theme.palette.text.secondary,
              })}
            >
              {tab.label}
            </ButtonBase>
          ))}
        </Box>
        <Box
          aria-hidden
          sx={(theme) => ({
            position: 'absolute',
            bottom: 0,
            height: 2,
            width: `${100 / TABS.length}%`,
            left: `${(100 / TABS.length) * selected}%`,
            bgcolor: 'primary.main',
            transition: theme.transitions.create(['left', 'width']),
          })}
        />
      </Box>
    </Box>
  );
}
