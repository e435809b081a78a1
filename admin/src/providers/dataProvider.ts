import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { httpClient } from './httpClient';

const API = '/api/admin';
const rest = simpleRestProvider(API, httpClient);

/**
 * The admin API follows ra-data-simple-rest's convention under /api/admin (DESIGN "Admin").
 * getList also reads `X-Total-Estimated`, which a broad search over many users answers with, so
 * the pagination can say "about".
 */
export const dataProvider: DataProvider = {
  ...rest,
  async getList(resource, params) {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 20 };
    const { field, order } = params.sort ?? { field: 'id', order: 'ASC' };
    const query = new URLSearchParams({
      sort: JSON.stringify([field, order]),
      range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]),
      filter: JSON.stringify(params.filter ?? {}),
    });
    const { headers, json } = await httpClient(`${API}/${resource}?${query}`, {
      signal: params.signal,
    });
    const range = headers.get('content-range');
    if (!range) throw new Error(`The ${resource} list answered without a Content-Range.`);
    return {
      data: json,
      total: Number(range.split('/').pop()),
      meta: headers.get('x-total-estimated') === 'true' ? { totalEstimated: true } : undefined,
    };
  },
};
