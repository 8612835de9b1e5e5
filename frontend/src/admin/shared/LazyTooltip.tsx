import type { TooltipProps } from '@mui/material/Tooltip';
import { cloneElement, useCallback, useEffect, useRef, useState, type ComponentType, type FocusEvent, type MouseEvent, type ReactElement } from 'react';

/**
 * MUI's Tooltip, fetched after the page rather than with it: a tooltip only shows once the pointer
 * rests on (or the focus reaches) its element, and Tooltip with Popper and popper.js is ~11 kB gzipped,
 * in the first load of every back-office page otherwise (decision 0014). The back office starts
 * fetching it as soon as it has rendered (`preloadTooltip`, AdminLayout), so it is normally in before
 * anyone points at anything. Until then the child is rendered with the attributes Tooltip gives it
 * while closed (its accessible name from a string title, the class name), and pointing at it or
 * focusing it fetches Tooltip at once; the element switches to Tooltip once the pointer and the focus
 * are off it. The production build also gives this component to react-admin's
 * own buttons and menu in place of MUI's (vite.config.ts).
 */
let Tooltip: ComponentType<TooltipProps> | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

export function preloadTooltip(): Promise<void> {
  return (loading ??= import('@mui/material/Tooltip').then((m) => {
    Tooltip = m.default;
    listeners.forEach((notify) => notify());
  }));
}

type ChildProps = Record<string, unknown> & {
  className?: string;
  onMouseOver?: (event: MouseEvent) => void;
  onMouseLeave?: (event: MouseEvent) => void;
  onFocus?: (event: FocusEvent) => void;
  onBlur?: (event: FocusEvent) => void;
};

// the props Tooltip itself takes; any other prop goes to the child, as Tooltip does
const OWN_PROPS = new Set([
  'arrow', 'children', 'classes', 'components', 'componentsProps', 'describeChild', 'disableFocusListener',
  'disableHoverListener', 'disableInteractive', 'disableTouchListener', 'enterDelay', 'enterNextDelay',
  'enterTouchDelay', 'followCursor', 'id', 'leaveDelay', 'leaveTouchDelay', 'onClose', 'onOpen', 'open',
  'placement', 'PopperComponent', 'PopperProps', 'slotProps', 'slots', 'title', 'TransitionComponent', 'TransitionProps',
]);

export default function LazyTooltip(props: TooltipProps) {
  // Switching to Tooltip re-creates the child's element, so it is not done while the pointer is on it or
  // it has the focus (a click in progress would be lost): it waits until the pointer and focus have left.
  const [ready, setReady] = useState(() => Tooltip !== undefined);
  const engaged = useRef({ pointer: false, focus: false });
  const switchWhenFree = useCallback(() => {
    if (Tooltip && !engaged.current.pointer && !engaged.current.focus) setReady(true);
  }, []);
  useEffect(() => {
    if (ready) return;
    listeners.add(switchWhenFree);
    switchWhenFree();
    return () => void listeners.delete(switchWhenFree);
  }, [ready, switchWhenFree]);

  if (ready && Tooltip) return <Tooltip {...props} />;

  const { title, describeChild, disableHoverListener, open } = props;
  const child = props.children as ReactElement<ChildProps>;
  const other: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) if (!OWN_PROPS.has(key)) other[key] = value;
  const titleIsString = typeof title === 'string';
  const nameOrDescription = describeChild
    ? { title: !open && titleIsString && !disableHoverListener ? title : undefined }
    : { 'aria-label': titleIsString ? title : undefined };
  const className = [other.className, child.props.className].filter(Boolean).join(' ');
  return cloneElement(child, {
    ...nameOrDescription,
    ...other,
    ...child.props,
    className,
    onMouseOver: (event: MouseEvent) => {
      engaged.current.pointer = true;
      void preloadTooltip();
      child.props.onMouseOver?.(event);
    },
    onMouseLeave: (event: MouseEvent) => {
      engaged.current.pointer = false;
      child.props.onMouseLeave?.(event);
      switchWhenFree();
    },
    onFocus: (event: FocusEvent) => {
      engaged.current.focus = true;
      void preloadTooltip();
      child.props.onFocus?.(event);
    },
    onBlur: (event: FocusEvent) => {
      engaged.current.focus = false;
      child.props.onBlur?.(event);
      switchWhenFree();
    },
  });
}
