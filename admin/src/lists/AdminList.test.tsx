import { act, fireEvent, screen } from '@testing-library/react';
import { DataTable, ResourceContextProvider, SearchInput, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '../test-utils';
import { AdminList, SEARCH_DEBOUNCE_MS } from './AdminList';

describe('the portal list', () => {
  afterEach(() => vi.useRealTimers());

  it('asks for the search 300 ms after the last keystroke, not before', async () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    const getList = vi.fn(async () => ({ data: [{ id: 1, email: 'ada@example.com' }], total: 1 }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAdmin(
      <ResourceContextProvider value="users">
        <AdminList
          noun="users"
          title="Users"
          filters={[<SearchInput key="q" source="q" placeholder="Search users..." alwaysOn />]}
        >
          <DataTable>
            <DataTable.Col source="email" />
          </DataTable>
        </AdminList>
      </ResourceContextProvider>,
      {
        permissions: [],
        dataProvider: { getList: getList as unknown as DataProvider['getList'] },
        path: '/users',
      },
    );
    const search = await screen.findByPlaceholderText('Search users...');
    await vi.waitFor(() => expect(getList).toHaveBeenCalledTimes(1));
    vi.useFakeTimers();
    const searched = () =>
      getList.mock.calls.filter(
        (call) => (call as unknown[])[1] && JSON.stringify(call).includes('"q":"ada"'),
      );
    fireEvent.change(search, { target: { value: 'ad' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.change(search, { target: { value: 'ada' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 10));
    expect(searched()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(searched()).toHaveLength(1);
    expect(JSON.stringify(getList.mock.calls)).not.toContain('"q":"ad"');
  });

  it('says "No promotions found" in the noun\'s words when the list is empty', async () => {
    renderAdmin(
      <ResourceContextProvider value="promotions">
        <AdminList noun="promotions" title="Promotions">
          <DataTable>
            <DataTable.Col source="code" />
          </DataTable>
        </AdminList>
      </ResourceContextProvider>,
      {
        permissions: [],
        dataProvider: { getList: async () => ({ data: [], total: 0 }) },
        path: '/promotions',
      },
    );
    expect(await screen.findByText('No promotions found')).toBeInTheDocument();
    expect(screen.queryByText('No Promotions found')).not.toBeInTheDocument();
  });
});
