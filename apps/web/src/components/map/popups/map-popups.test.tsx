// The map popups' times read in the zone of the clicked point, named, whatever the browser's zone.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type {
  TNwsAlertProperties,
  TPointObservation,
  TStormVectorProperties,
  TStrikeProperties,
} from '@allclear/contracts';
import { HONOLULU, pinProcessTimeZone } from '../../../test/time-zone.ts';
import {
  AlertsPopup,
  selectionTimeZone,
  StationPopup,
  StormCellPopup,
  StrikePopup,
  TropicalPointPopup,
} from './map-popups.tsx';

pinProcessTimeZone('America/Chicago');

// 18:05:10Z on 15 July is 8:05:10 AM in Honolulu (1:05:10 PM in the process's Chicago)
const AT = '2026-07-15T18:05:10.000Z';
const HST = 'Jul 15, 8:05:10 AM HST';
const zone = selectionTimeZone(HONOLULU);
const v = (value: number) => ({ value, unit: '' });

describe('map popups', () => {
  it("read in the clicked point's zone: Honolulu is 'Pacific/Honolulu'", () => {
    expect(zone).toBe('Pacific/Honolulu');
  });

  it("show a strike's time in the strike's zone, named", () => {
    const strike = { type: 0, Amp: 12.3, TimeStamp: AT, Age: 120 } as unknown as TStrikeProperties;
    render(<StrikePopup strike={strike} timeZone={zone} />);
    expect(screen.getByText(HST)).toBeInTheDocument();
  });

  it("show a storm cell's issue time in its zone, named", () => {
    const cell = {
      Type: 'Storm Cell',
      Movement: { Heading: v(90), Speed: v(10) },
      Hail: { Chance: v(10), ChanceOfSevere: v(0) },
      MaxReflectivity: v(50),
      Height: v(1000),
      Top: v(30000),
      Vil: v(20),
      Flags: { Tvs: false, Meso: false, SevereHail: false, Hail: false },
      IssueTime: AT,
    } as unknown as TStormVectorProperties;
    render(<StormCellPopup cell={cell} timeZone={zone} />);
    expect(screen.getByText(HST)).toBeInTheDocument();
  });

  it("show an alert's expiry in the point's zone, named", () => {
    const alert = {
      Identifier: 'a1',
      Event: 'Flood Advisory',
      Headline: 'Flood Advisory until 8 AM',
      Color: '#00ff7f',
      Expires: AT,
    } as unknown as TNwsAlertProperties;
    render(<AlertsPopup alerts={[alert]} timeZone={zone} />);
    expect(screen.getByText(`Expires: ${HST}`)).toBeInTheDocument();
  });

  it("show a tropical point's time in its zone, named", () => {
    render(
      <TropicalPointPopup
        point={{ name: 'Hurricane Test', time: AT, category: 'H1', maxSustainedMs: 40, gustMs: 50 }}
        timeZone={zone}
      />,
    );
    expect(screen.getByText(HST)).toBeInTheDocument();
  });

  it("show a station's observation time in the station's zone, named", () => {
    const observation = {
      metarStation: { name: 'PHNL' },
      weatherStation: null,
      data: { observationTime: AT, windDirection: 'NE' },
    } as unknown as TPointObservation;
    render(
      <StationPopup
        preferred={false}
        onPreferredChange={() => {}}
        observation={observation}
        isLoading={false}
        isError={false}
        timeZone={zone}
      />,
    );
    expect(screen.getByText(HST)).toBeInTheDocument();
  });

  it("name the browser's zone where no point's zone is given", () => {
    const strike = { type: 0, Amp: 12.3, TimeStamp: AT, Age: 120 } as unknown as TStrikeProperties;
    render(<StrikePopup strike={strike} />);
    expect(screen.getByText('Jul 15, 1:05:10 PM CDT')).toBeInTheDocument();
  });
});
