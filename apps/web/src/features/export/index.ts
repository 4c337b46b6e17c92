// The export feature's public edge: the station page's export button (the report builder or the simple export),
// loaded as its own chunk.
import { lazy } from 'react';

/** 'Export Historical Report' or 'Export Data' (lazy): prop `station`. */
export const ExportButton = lazy(() => import('./components/export-button.tsx'));
