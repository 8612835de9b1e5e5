import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListContextProvider, useList } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, renderInAdmin } from '../clients/testing';
import { ListSearch } from './ListSearch';
import { expectNativeClearHidden } from './searchFieldTesting';

function SearchedList({ clearable }: { clearable?: boolean }) {
  const list = useList({ data: [{ id: 1, name: 'Jane' }] });
  return (
    <ListContextProvider value={list}>
      <ListSearch placeholder="Search clients..." clearable={clearable} />
      <output aria-label="filter">{JSON.stringify(list.filterValues)}</output>
    </ListContextProvider>
  );
}

describe('ListSearch', () => {
  it("offers one clear button: MUI's, the browser's own hidden", async () => {
    const user = userEvent.setup();
    renderInAdmin(<SearchedList />, { dataProvider: fakeDataProvider() });
    const box = screen.getByRole('searchbox', { name: 'Search clients...' });
    expectNativeClearHidden(box);
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();

    await user.type(box, 'jane');
    const field = box.closest('.MuiTextField-root') as HTMLElement;
    expect(within(field).getAllByRole('button')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('status', { name: 'filter' })).toHaveTextContent('{"q":"jane"}'));

    await user.click(within(field).getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveValue('');
    await waitFor(() => expect(screen.getByRole('status', { name: 'filter' })).toHaveTextContent('{}'));
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('hides the browser clear button also where the list asks for no clear button', async () => {
    renderInAdmin(<SearchedList clearable={false} />, { dataProvider: fakeDataProvider() });
    const box = screen.getByRole('searchbox', { name: 'Search clients...' });
    expectNativeClearHidden(box);
    await userEvent.type(box, 'jane');
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });
});
