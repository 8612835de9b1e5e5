import IconButton from '@mui/material/IconButton';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import LazyTooltip, { preloadTooltip } from './LazyTooltip';

// The module keeps MUI's Tooltip once fetched: the tests run in this order.
describe('LazyTooltip', { timeout: 20_000 }, () => {
  it("before Tooltip is in: the child with Tooltip's closed attributes, clickable while Tooltip arrives", async () => {
    const onClick = vi.fn();
    render(
      <LazyTooltip title="Edit" className="extra">
        <IconButton onClick={onClick}>x</IconButton>
      </LazyTooltip>,
    );
    const button = screen.getByRole('button', { name: 'Edit' });
    expect(button).toHaveClass('extra');
    // pointing at it fetches Tooltip; the element is not replaced under the pointer, so the click lands
    await userEvent.click(button);
    await preloadTooltip();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Edit' })).toBe(button);
    // once the pointer and the focus have left, it becomes MUI's Tooltip, which shows on hover
    await userEvent.unhover(button);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Edit' })).not.toBe(button);
    await userEvent.hover(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Edit');
  });

  it('once Tooltip is in: MUI Tooltip at once', async () => {
    await preloadTooltip();
    render(
      <LazyTooltip title="Delete">
        <IconButton aria-label="Remove">x</IconButton>
      </LazyTooltip>,
    );
    // the child's own accessible name wins, as with Tooltip
    const button = screen.getByRole('button', { name: 'Remove' });
    await userEvent.hover(button);
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Delete'));
  });
});
