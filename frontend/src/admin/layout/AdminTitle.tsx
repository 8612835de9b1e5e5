import { styled } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslate } from 'react-admin';

// react-admin's <Title> wraps the title in its "Configurable" span (a preferences editor lets a user
// rename it, with MUI's TextField, Popover and lodash's isEqual behind it). No title here is
// configurable, so this is <Title> with the same markup and styles minus that editor (decision 0014).
const ConfigurableRoot = styled('span', { name: 'RaConfigurable', overridesResolver: (_props, styles) => styles.root })({
  position: 'relative',
  display: 'inline-block',
});

const findContainer = () => (typeof document !== 'undefined' ? document.getElementById('react-admin-title') : null);

/** A page's title in the app bar (react-admin's TitlePortal), as react-admin's <Title title="..."> shows it. */
export function AdminTitle({ title }: { title: string }) {
  const translate = useTranslate();
  const [container, setContainer] = useState<HTMLElement | null>(findContainer);

  // on first mount the app bar may not be there yet
  useEffect(() => {
    setContainer((current) => (current && document.body.contains(current) ? current : findContainer()));
  }, []);

  if (!container) return null;
  return createPortal(
    <ConfigurableRoot className="RaConfigurable-root">
      <span>
        <span>{translate(title, { _: title })}</span>
      </span>
    </ConfigurableRoot>,
    container,
  );
}
