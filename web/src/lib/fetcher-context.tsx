import { createContext, useContext } from 'react';
import { browserFetcher, type Fetcher } from './api';

/** Mutations and hand-made requests use this, so SSR and the desktop app can supply their own. */
export const FetcherContext = createContext<Fetcher>(browserFetcher);
export const useFetcher = () => useContext(FetcherContext);
