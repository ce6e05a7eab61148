import { useContext } from 'react';
import { SiteContext } from './seo';

/** Brand name and absolute site URL (configurable on the server: BRAND_NAME, SITE_URL). */
export const useSite = () => useContext(SiteContext);
