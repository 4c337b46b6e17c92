import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, stubApi, TestProviders, type RecordedRequest } from '../../test/render-app.tsx';
import { WeatherMap } from './weather-map.tsx';
import { useMapStore } from './map-store.ts';
import { MAP_FALLBACK_TEXT } from './map-constants.ts';
import { fakeMap, fakeMapControl, fireMapEvent } from './test/fake-maplibre.tsx';

vi.mock('./maplibre.ts', () => import('./test/fake-maplibre.tsx'));

const T0 = Date.parse('2026-11-22T00:00:00Z');
function frames(type: string, count: number) {
  return {
    type,
    product: null,
    isFuture: false,
    stepMinutes: 5,
    latest: new Date(T0 + (count - 1) * 300_000).toISOString(),
    source: 'simulator',
    frames: Array.from({ length: count }, (_, i) => {
      const time = new Date(T0 + i * 300_000).toISOString();
      return {
        time,
        kind: 'past',
        wmsUrl: `/map/${type}/WMS?time=${time}`,
        tileUrl: `/map/${type}/TMS/{z}/{x}/{y}.png?time=${time}`,
      };
    }),
  };
}

const emptyCollection = { type: 'FeatureCollection', features: [] };
const observation = {
  data: {
    ambientTemperature: { value: 91, unit: '°F' },
    feelLike: { value: 97, unit: '°F' },
    precipitation: { value: 0, unit: 'in' },
    wgbt: { value: 84.2, unit: '°F' },
    windSpeed: { value: 9, unit: 'mph' },
    windGust: { value: 15, unit: 'mph' },
    windDirection: 'SSE',
    weather_code: { value: '0002', text: 'Clear' },
    observationTime: '2026-11-22T00:00:00Z',
    relativeHumidity: { value: 40, unit: '%' },
    dewPoint: { value: 63, unit: '°F' },
    pressure: { value: 29.9, unit: 'inHg' },
    solarRadiation: { value: 500, unit: 'W/m²' },
    wbgtIsEstimate: false,
    source: 'station',
  },
  weatherStation: { id: 4, name: 'Arlington Station', type: 1, imageUrl: null },
  metarStation: { name: 'KDFW' },
  canViewHistorical: true,
  calibratedData: null,
  airQuality: { pM2_5: null },
};

const warning = {
  Identifier: 'nws-1',
  Event: 'Severe Thunderstorm Warning',
  Headline: 'Severe Thunderstorm Warning until 5:00 PM CST',
  Description: 'Hail up to 1 inch.',
  Instruction: null,
  Severity: 'Severe',
  Color: '#FFA500',
  AreaDesc: 'Tarrant',
  Onset: '2026-11-22T00:00:00Z',
  Expires: '2026-11-22T02:00:00Z',
};
const cell = {
  Id: 'cell-1',
  IssueTime: '2026-11-22T00:00:00Z',
  Type: 'Storm Cell',
  Flags: { Tvs: false, Meso: false, SevereHail: false, Hail: true },
  Movement: { Speed: { value: 10, unit: 'm/s' }, Heading: { value: 225, unit: 'degrees' } },
  Height: { value: 20000, unit: 'ft' },
  MaxReflectivity: { value: 55, unit: 'dBZ' },
  Hail: { Chance: { value: 40, unit: '%' }, ChanceOfSevere: { value: 10, unit: '%' } },
  Top: { value: 40000, unit: 'ft' },
  Vil: { value: 30, unit: 'kg/m²' },
};

function routes() {
  return {
    'GET /map/past': frames('past', 13),
    'GET /map/future': frames('future', 13),
    'GET /map/ClusterStrikes': { status: 200, body: emptyCollection },
    'GET /api/location': [],
    'GET /api/observations': observation,
  };
}

function renderMap() {
  return render(
    <TestProviders auth={fakeAuth()}>
      <div style={{ height: 600 }}>
        <WeatherMap />
      </div>
    </TestProviders>,
  );
}

const paths = (requests: RecordedRequest[]) => requests.map((r) => r.url.replace(/^https?:\/\/[^/]+/, ''));

describe('<WeatherMap>', { timeout: 20_000 }, () => {
  beforeEach(() => {
    useMapStore.getState().reset();
    fakeMapControl.crash = false;
  });
  afterEach(() => {
    fakeMapControl.crash = false;
    vi.restoreAllMocks();
  });

  it('loads the past radar loop of 13 frames and shows the latest frame time', async () => {
    const requests = stubApi(routes());
    renderMap();
    await waitFor(() => expect(paths(requests)).toContain('/map/past?frame=13'));
    const latest = new Date(T0 + 12 * 300_000);
    const label = latest.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    await waitFor(() => expect(screen.getByLabelText('Radar time')).toHaveTextContent(label));
    expect(screen.getByRole('slider', { name: 'Radar timeline' })).toHaveValue('100');
  });

  it('mounts only the newest radar frame until one of its tiles has loaded, then fills the loop behind it', async () => {
    stubApi(routes());
    const { container } = renderMap();
    const mounted = () =>
      [...container.querySelectorAll('[data-map-source^="allclear-radar-"]')].map((el) =>
        el.getAttribute('data-map-source'),
      );
    await screen.findByLabelText('Radar time');
    await waitFor(() => expect(mounted()).toHaveLength(1));
    const newest = mounted()[0]!;
    expect(newest).toContain(new Date(T0 + 12 * 300_000).toISOString());
    // Another source's tile does not fill the loop; the newest frame's does.
    act(() => fireMapEvent('sourcedata', { sourceId: 'some-other-source', tile: {} }));
    await new Promise((r) => setTimeout(r, 250));
    expect(mounted()).toHaveLength(1);
    act(() => fireMapEvent('sourcedata', { sourceId: newest, tile: {} }));
    await waitFor(() => expect(mounted()).toHaveLength(13));
  });

  it('asks for strikes of the viewport expanded by 120 % and rounded to 4 decimals, once the viewport settles', async () => {
    const requests = stubApi(routes());
    renderMap();
    await waitFor(() => expect(paths(requests).some((p) => p.startsWith('/map/ClusterStrikes'))).toBe(true));
    const strikeCall = paths(requests).find((p) => p.startsWith('/map/ClusterStrikes'))!;
    // span 1.4 lng → 1.68; span 0.56 lat → 0.672
    expect(strikeCall).toBe(
      '/map/ClusterStrikes?top=33.732&right=-94.42&left=-99.18&bottom=31.828&zoom=8&nonClusterLevel=8',
    );
  });

  it('plays: the timeline wraps from the latest frame to the first and steps on at the chosen speed', async () => {
    const user = userEvent.setup();
    stubApi(routes());
    renderMap();
    await screen.findByLabelText('Radar time');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Play' })).toBeEnabled());
    act(() => useMapStore.getState().setSpeed('veryFast'));
    await user.click(screen.getByRole('button', { name: 'Play' }));
    const seen = new Set<number>();
    // 100 (latest) → tick wraps to 0 → next tick 100/13: each lasts 115 ms, sampled every 10 ms.
    await waitFor(
      () => {
        seen.add(useMapStore.getState().progress);
        expect(seen.has(0)).toBe(true);
        expect([...seen].some((p) => Math.abs(p - 100 / 13) < 1e-9)).toBe(true);
      },
      { interval: 10 },
    );
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(useMapStore.getState().playback).toBe('STATIC');
  });

  it('a pan during play returns to STATIC', async () => {
    const user = userEvent.setup();
    stubApi(routes());
    renderMap();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Play' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(useMapStore.getState().playback).toBe('PLAY');
    act(() => (fakeMapControl.props?.onMoveStart as () => void)());
    expect(useMapStore.getState().playback).toBe('STATIC');
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('in observation mode a click on no feature shows the preferred station, and METAR asks again with preferred=false', async () => {
    const user = userEvent.setup();
    const requests = stubApi(routes());
    renderMap();
    await user.click(await screen.findByRole('button', { name: 'Observation tool' }));
    expect(screen.getByRole('button', { name: 'Observation tool' })).toHaveAttribute('aria-pressed', 'true');
    act(() =>
      (fakeMapControl.props?.onClick as (e: unknown) => void)({
        target: fakeMap,
        lngLat: { lng: -97.1, lat: 32.75 },
        point: { x: 10, y: 10 },
      }),
    );
    const popup = await screen.findByRole('dialog');
    expect(await within(popup).findByText('Arlington Station')).toBeInTheDocument();
    expect(within(popup).getByText('91 °F')).toBeInTheDocument();
    expect(paths(requests)).toContain('/api/observations?latitude=32.75&longitude=-97.1&preferred=true');
    await user.click(within(popup).getByRole('button', { name: 'METAR' }));
    expect(await within(popup).findByText('KDFW')).toBeInTheDocument();
    expect(paths(requests)).toContain('/api/observations?latitude=32.75&longitude=-97.1&preferred=false');
    // Leaving observation mode clears the clicked observation.
    await user.click(screen.getByRole('button', { name: 'Observation tool' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('measures a segment in miles', async () => {
    const user = userEvent.setup();
    stubApi(routes());
    renderMap();
    await user.click(await screen.findByRole('button', { name: 'Measure distance' }));
    expect(screen.getByRole('status', { name: 'Measured distance' })).toHaveTextContent(
      'Click the map to measure',
    );
    const click = (lng: number, lat: number) =>
      act(() =>
        (fakeMapControl.props?.onClick as (e: unknown) => void)({
          target: fakeMap,
          lngLat: { lng, lat },
          point: { x: lng * 100, y: lat * 100 },
        }),
      );
    click(-96.797, 32.7767);
    click(-97.3308, 32.7555);
    expect(screen.getByRole('status', { name: 'Measured distance' })).toHaveTextContent('31.1 mi');
    // A click within 18 px of a vertex removes it.
    click(-97.33, 32.7555);
    expect(screen.getByRole('status', { name: 'Measured distance' })).toHaveTextContent(
      'Click the map to measure',
    );
  });

  it('a click on a storm cell inside a warning polygon opens the cell, and the cell offers the warning', async () => {
    const user = userEvent.setup();
    const requests = stubApi({
      ...routes(),
      'POST /map/Alerts/ByPoint': {
        status: 200,
        body: {
          type: 'FeatureCollection',
          features: [{ type: 'Feature', geometry: null, properties: warning }],
        },
      },
    });
    renderMap();
    await screen.findByLabelText('Radar time');
    act(() => {
      useMapStore.getState().toggleOverlay('stormCells');
      useMapStore.getState().toggleOverlay('nwsAlerts');
    });
    // MapLibre answers in drawing order: the warning's fill was added last, so it comes first.
    vi.spyOn(fakeMap, 'getLayer').mockReturnValue({} as never);
    vi.spyOn(fakeMap, 'queryRenderedFeatures').mockReturnValue([
      { layer: { id: 'allclear-nws-alerts-fill' }, geometry: { type: 'Polygon' }, properties: warning },
      {
        layer: { id: 'allclear-storm-cells' },
        geometry: { type: 'Point', coordinates: [-97.1, 32.75] },
        properties: { ...cell, Flags: JSON.stringify(cell.Flags), Movement: JSON.stringify(cell.Movement) },
      },
    ] as never);
    act(() =>
      (fakeMapControl.props?.onClick as (e: unknown) => void)({
        target: fakeMap,
        lngLat: { lng: -97.1, lat: 32.75 },
        point: { x: 10, y: 10 },
      }),
    );
    const popup = await screen.findByRole('dialog');
    expect(within(popup).getByRole('heading', { name: 'Storm Cell' })).toBeInTheDocument();
    expect(within(popup).getByText('SW at 22 mph')).toBeInTheDocument();
    expect(within(popup).getByText('Inside Severe Thunderstorm Warning')).toBeInTheDocument();
    expect(paths(requests).some((p) => p.startsWith('/map/Alerts/ByPoint'))).toBe(false);
    // where both apply, the warning is one button away
    await user.click(within(popup).getByRole('button', { name: 'Show weather alerts here' }));
    const alertsPopup = await screen.findByRole('dialog');
    expect(await within(alertsPopup).findByRole('heading', { name: 'Weather Alerts' })).toBeInTheDocument();
    expect(within(alertsPopup).getByText(warning.Headline)).toBeInTheDocument();
    expect(paths(requests)).toContain('/map/Alerts/ByPoint?latitude=32.75&longitude=-97.1');
  });

  it('a click inside a warning polygon and on no cell opens the warning', async () => {
    const requests = stubApi({
      ...routes(),
      'POST /map/Alerts/ByPoint': {
        status: 200,
        body: {
          type: 'FeatureCollection',
          features: [{ type: 'Feature', geometry: null, properties: warning }],
        },
      },
    });
    renderMap();
    await screen.findByLabelText('Radar time');
    act(() => {
      useMapStore.getState().toggleOverlay('stormCells');
      useMapStore.getState().toggleOverlay('nwsAlerts');
    });
    vi.spyOn(fakeMap, 'getLayer').mockReturnValue({} as never);
    vi.spyOn(fakeMap, 'queryRenderedFeatures').mockReturnValue([
      { layer: { id: 'allclear-nws-alerts-fill' }, geometry: { type: 'Polygon' }, properties: warning },
    ] as never);
    act(() =>
      (fakeMapControl.props?.onClick as (e: unknown) => void)({
        target: fakeMap,
        lngLat: { lng: -97.1, lat: 32.75 },
        point: { x: 10, y: 10 },
      }),
    );
    const popup = await screen.findByRole('dialog');
    expect(await within(popup).findByText(warning.Headline)).toBeInTheDocument();
    expect(paths(requests)).toContain('/map/Alerts/ByPoint?latitude=32.75&longitude=-97.1');
  });

  it('shows the map fallback when the map cannot start', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeMapControl.crash = true;
    stubApi(routes());
    renderMap();
    expect(await screen.findByText(MAP_FALLBACK_TEXT)).toBeInTheDocument();
  });
});
