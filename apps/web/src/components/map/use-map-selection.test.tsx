// What a map click selects: the most specific feature whatever the drawing order, a cluster zooms in, observation
// mode takes a click on no feature, NWS Alerts on asks for the alerts at the point, and the hover tooltip shows only
// with NWS Alerts on.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { MapActionMode } from '@allclear/domain';
import {
  NWS_ALERT_FILL_LAYER,
  STORM_CELL_LAYER,
  STRIKE_CLUSTER_LAYER,
  STRIKE_LAYER,
} from './layers/layer-ids.ts';
import { ZOOM_DURATION_MS } from './map-constants.ts';
import { useMapStore } from './map-store.ts';
import { useMapSelection, type MapPointerEvent } from './use-map-selection.ts';

interface Feature {
  layer: { id: string };
  geometry: { type: string; coordinates?: unknown };
  properties: Record<string, unknown>;
}
const point = (layer: string, lng: number, lat: number, properties: Record<string, unknown>): Feature => ({
  layer: { id: layer },
  geometry: { type: 'Point', coordinates: [lng, lat] },
  properties,
});
const warningPolygon: Feature = {
  layer: { id: NWS_ALERT_FILL_LAYER },
  geometry: { type: 'Polygon' },
  properties: { Identifier: 'nws-1', Event: 'Severe Thunderstorm Warning' },
};

/** A map whose every layer exists and whose click box holds `features` (in drawing order). */
function mapWith(features: Feature[]) {
  const easeTo = vi.fn();
  const target = { getLayer: () => ({}), queryRenderedFeatures: () => features, easeTo };
  const click = (lng = -96.8, lat = 32.78) =>
    ({ target, point: { x: 10, y: 10 }, lngLat: { lng, lat } }) as unknown as MapPointerEvent;
  return { click, easeTo };
}

const alertAtPoint = {
  Identifier: 'nws-9',
  Event: 'Flood Watch',
  Headline: 'Flood Watch until 6:00 PM CST',
  Description: 'Heavy rain.',
  Instruction: null,
  Severity: 'Moderate',
  Color: '#2E8B57',
  AreaDesc: 'Tarrant',
  Onset: '2026-11-22T00:00:00Z',
  Expires: '2026-11-22T02:00:00Z',
};
let posted: string[];
beforeEach(() => {
  posted = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') posted.push(url);
    // the map service answers bare GeoJSON, not the { data } envelope
    const collection = {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: alertAtPoint, geometry: null }],
    };
    return new Response(JSON.stringify(collection), { headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => useMapStore.getState().reset());

function renderSelection(actionMode: MapActionMode, nwsAlertsOn: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useMapSelection(actionMode, nwsAlertsOn), { wrapper });
}

describe('useMapSelection', () => {
  it('selects the storm cell over the warning polygon drawn above it, offering the warning with NWS Alerts on', () => {
    const cell = point(STORM_CELL_LAYER, -96.7, 32.9, { id: 'cell-1', forecast: '[1,2]' });
    const { click } = mapWith([warningPolygon, cell]);
    const { result } = renderSelection('none', true);
    act(() => result.current.clickAt(click()));
    expect(result.current.selection).toMatchObject({
      kind: 'storm-cell',
      longitude: -96.7,
      latitude: 32.9,
      cell: { id: 'cell-1', forecast: [1, 2] },
      warnings: [{ Identifier: 'nws-1' }],
    });
  });

  it('offers no warnings from a cell with NWS Alerts off', () => {
    const { click } = mapWith([warningPolygon, point(STORM_CELL_LAYER, -96.7, 32.9, {})]);
    const { result } = renderSelection('none', false);
    act(() => result.current.clickAt(click()));
    expect(result.current.selection).toMatchObject({ kind: 'storm-cell', warnings: [] });
  });

  it('zooms into a strike cluster to its expansion zoom and selects nothing', () => {
    const { click, easeTo } = mapWith([
      point(STRIKE_LAYER, -96.6, 32.6, {}),
      point(STRIKE_CLUSTER_LAYER, -96.5, 32.5, { cluster: true, ExpansionZoom: 11 }),
    ]);
    const { result } = renderSelection('none', false);
    act(() => result.current.clickAt(click()));
    expect(easeTo).toHaveBeenCalledWith({ center: [-96.5, 32.5], zoom: 11, duration: ZOOM_DURATION_MS });
    expect(result.current.selection).toBeNull();
  });

  it('in observation mode a click on no feature selects the point, and a click on a strike still opens the strike', () => {
    const { result } = renderSelection('observation', false);
    act(() => result.current.clickAt(mapWith([]).click(-97, 33)));
    expect(result.current.selection).toEqual({ kind: 'observation', longitude: -97, latitude: 33 });
    act(() => result.current.clickAt(mapWith([point(STRIKE_LAYER, -96.6, 32.6, { type: 0 })]).click()));
    expect(result.current.selection).toMatchObject({ kind: 'strike', longitude: -96.6, latitude: 32.6 });
  });

  it('leaving observation mode clears a clicked observation', () => {
    useMapStore.getState().pressActionMode('observation');
    const { result } = renderSelection('observation', false);
    act(() => result.current.clickAt(mapWith([]).click(-97, 33)));
    expect(result.current.selection).toMatchObject({ kind: 'observation' });
    act(() => useMapStore.getState().pressActionMode('observation'));
    expect(result.current.selection).toBeNull();
  });

  it('with NWS Alerts on a click on no feature opens the alerts at the point, filled by Alerts/ByPoint', async () => {
    const { result } = renderSelection('none', true);
    act(() => result.current.clickAt(mapWith([]).click(-97, 33)));
    expect(result.current.selection).toEqual({ kind: 'alerts', longitude: -97, latitude: 33, alerts: null });
    await waitFor(() => expect(result.current.selection).toMatchObject({ alerts: [alertAtPoint] }));
    expect(posted).toEqual(['/map/Alerts/ByPoint?latitude=33&longitude=-97']);
  });

  it('with NWS Alerts off a click on no feature closes the popup', () => {
    const { result } = renderSelection('none', false);
    act(() => result.current.clickAt(mapWith([point(STRIKE_LAYER, -96.6, 32.6, {})]).click()));
    act(() => result.current.clickAt(mapWith([]).click()));
    expect(result.current.selection).toBeNull();
    expect(posted).toEqual([]);
  });

  it('shows the alert under the pointer only with NWS Alerts on', () => {
    const on = renderSelection('none', true);
    act(() => on.result.current.hoverAt(mapWith([warningPolygon]).click(-97, 33)));
    expect(on.result.current.hoverAlert).toEqual({
      longitude: -97,
      latitude: 33,
      alert: warningPolygon.properties,
    });
    act(() => on.result.current.clearHover());
    expect(on.result.current.hoverAlert).toBeNull();
    const off = renderSelection('none', false);
    act(() => off.result.current.hoverAt(mapWith([warningPolygon]).click(-97, 33)));
    expect(off.result.current.hoverAlert).toBeNull();
  });
});
