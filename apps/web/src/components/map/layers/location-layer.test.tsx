// Issue 20: the selected location's rings and their labels are the zones in force the API serves
// (zonesInForce: the saved radii under the organisation's LR policies), never the saved radii.
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type * as GeoJSON from 'geojson';
import { fakeMapControl } from '../test/fake-maplibre.tsx';
import { RING_LABEL_MIN_ZOOM } from '../map-constants.ts';
import { LocationLayer } from './location-layer.tsx';

vi.mock('../maplibre.ts', () => import('../test/fake-maplibre.tsx'));

/** Choctaw Stadium as GET location serves it: one saved ring at 10 mi, four zones in force. */
const choctaw = {
  id: 3,
  label: 'Choctaw Stadium',
  latitude: 32.7514,
  longitude: -97.0825,
  radius1: 10,
  radius2: 0,
  radius3: 0,
  radius4: 0,
  zonesInForce: { radii: [8, 15, 25, 40] as [number, number, number, number] },
};

const ringSource = () => fakeMapControl.sources['allclear-location-rings'] as GeoJSON.FeatureCollection;

describe('LocationLayer', () => {
  it('draws the rings and labels of the zones in force, not the saved radii', () => {
    render(<LocationLayer location={choctaw} zoom={RING_LABEL_MIN_ZOOM + 1} />);
    expect(screen.getAllByTestId('ring-label').map((e) => e.textContent)).toEqual([
      '8 mi',
      '15 mi',
      '25 mi',
      '40 mi',
    ]);
    const lines = ringSource().features.filter((f) => f.geometry.type === 'LineString');
    expect(lines.map((f) => f.properties?.radius)).toEqual([8, 15, 25, 40]);
    expect(screen.queryByText('10 mi')).toBeNull();
  });

  it('draws no ring for a zone that is off in force', () => {
    render(
      <LocationLayer
        location={{ ...choctaw, zonesInForce: { radii: [5, 12, 0, 0] } }}
        zoom={RING_LABEL_MIN_ZOOM + 1}
      />,
    );
    expect(screen.getAllByTestId('ring-label').map((e) => e.textContent)).toEqual(['5 mi', '12 mi']);
    expect(ringSource().features.filter((f) => f.geometry.type === 'LineString')).toHaveLength(2);
  });

  it('follows new zones in force (a policy change) on the next render', () => {
    const { rerender } = render(<LocationLayer location={choctaw} zoom={RING_LABEL_MIN_ZOOM + 1} />);
    rerender(
      <LocationLayer
        location={{ ...choctaw, zonesInForce: { radii: [12, 15, 25, 40] } }}
        zoom={RING_LABEL_MIN_ZOOM + 1}
      />,
    );
    expect(screen.getAllByTestId('ring-label')[0]!.textContent).toBe('12 mi');
  });
});
