import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { httpClient } from './httpClient';

export const API_URL = '/api';

/**
 * ra-data-simple-rest over /api (CONTRACT §2: admin lists accept sort/range/filter and answer
 * Content-Range). Custom, non-CRUD methods are added here as their pages arrive.
 */
export const dataProvider: DataProvider = simpleRestProvider(API_URL, httpClient);
