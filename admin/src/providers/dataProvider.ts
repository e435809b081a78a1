import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient } from './httpClient';

/** The admin API follows ra-data-simple-rest's convention under /api/admin (DESIGN "Admin"). */
export const dataProvider = simpleRestProvider('/api/admin', httpClient);
