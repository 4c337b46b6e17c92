// GET /map/url?product=...&mask=Standard-Mercator: where the road-condition, surface-analysis and tropical-model
// GeoJSON lives (spec 01 §7), every 60 s (spec 01 §9 'surface analysis, tropical models ... every 60 s').
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMapUrlProduct } from '@allclear/contracts';
import { call, type CallData } from '../../../lib/api-client.ts';

/** Product URL refetch interval, ms (spec 01 §9). */
export const PRODUCT_URL_REFETCH_MS = 60_000;

/** Fetches the current URL of a product. */
export function getProductUrl(
  product: TMapUrlProduct,
  signal?: AbortSignal,
): Promise<CallData<'mapProductUrl'>> {
  return call('mapProductUrl', { query: { product, mask: 'Standard-Mercator' } }, { signal });
}

/** Query options for a product URL. */
export function getProductUrlQueryOptions(product: TMapUrlProduct) {
  return queryOptions({
    queryKey: ['map', 'product-url', product],
    queryFn: ({ signal }) => getProductUrl(product, signal),
    refetchInterval: PRODUCT_URL_REFETCH_MS,
    refetchIntervalInBackground: true,
  });
}

/** A product's URL while its overlay is on. */
export function useProductUrl(product: TMapUrlProduct, enabled: boolean) {
  return useQuery({ ...getProductUrlQueryOptions(product), enabled });
}
