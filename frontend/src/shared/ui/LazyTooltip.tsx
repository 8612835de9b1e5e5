import type { TooltipProps } from '@mui/material/Tooltip';
import {
  cloneElement,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type FocusEvent,
  type ReactElement,
  type Ref,
} from 'react';

type MuiTooltip = ComponentType<TooltipProps & { ref?: Ref<HTMLElement> }>;

let loaded: MuiTooltip | undefined;
const loadTooltip = (): Promise<MuiTooltip> =>
  import('@mui/material/Tooltip').then((m) => (loaded = m.default as unknown as MuiTooltip));

function isFocusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true; // a browser without :focus-visible: show it on any focus
  }
}

export interface LazyTooltipProps {
  /** the tooltip's text, also the child's accessible name (as MUI's Tooltip does) */
  title: string;
  arrow?: boolean;
  /** one element without handlers or a ref of its own (they are replaced until MUI's Tooltip is in) */
  children: ReactElement<Record<string, unknown>>;
}

/**
 * MUI's Tooltip, fetched the first time the pointer comes over the child, the child gets keyboard
 * focus or is touched: Tooltip brings Popper and popper.js (~11 kB gzipped), which a page should
 * not carry for a hint that may never show (decision 0014). Until then the child carries the title as
 * its aria-label, as under MUI's Tooltip. Once loaded, the tooltip is MUI's, opened if the pointer or
 * the focus is still there; the child is rendered anew under it, and gets the focus back if it had it.
 */
export function LazyTooltip({ title, arrow, children }: LazyTooltipProps) {
  const [Tooltip, setTooltip] = useState<MuiTooltip | undefined>(() => loaded);
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLElement | null>(null);
  const refocus = useRef(false);

  useLayoutEffect(() => {
    if (Tooltip && refocus.current) {
      refocus.current = false;
      anchor.current?.focus();
    }
  }, [Tooltip]);

  if (Tooltip) {
    return (
      <Tooltip ref={anchor} title={title} arrow={arrow} open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)}>
        {children}
      </Tooltip>
    );
  }

  const load = () =>
    void loadTooltip().then((component) => {
      refocus.current = !!anchor.current && anchor.current === document.activeElement;
      setTooltip(() => component);
    });
  return cloneElement(children, {
    ref: anchor,
    'aria-label': title,
    onMouseOver: () => {
      setOpen(true);
      load();
    },
    onMouseLeave: () => setOpen(false),
    onFocus: (event: FocusEvent<HTMLElement>) => {
      if (isFocusVisible(event.currentTarget)) setOpen(true);
      load();
    },
    onBlur: () => setOpen(false),
    onTouchStart: load,
  });
}
