// Issue 20: a location whose saved zones differ from those its organisation's policy puts in force says so.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ZonesPolicyNotice } from './zones-policy-notice.tsx';

describe('ZonesPolicyNotice', () => {
  it("says 'Your organisation's policy sets these zones; save to update' when the saved values differ", () => {
    render(<ZonesPolicyNotice zonesInForce={{ differsFromSaved: true }} />);
    expect(screen.getByTestId('zones-policy-notice')).toHaveTextContent(
      "Your organisation's policy sets these zones; save to update",
    );
  });

  it('says nothing when the saved values are in force, or the zones are unknown', () => {
    const { rerender } = render(<ZonesPolicyNotice zonesInForce={{ differsFromSaved: false }} />);
    expect(screen.queryByTestId('zones-policy-notice')).toBeNull();
    rerender(<ZonesPolicyNotice zonesInForce={undefined} />);
    expect(screen.queryByTestId('zones-policy-notice')).toBeNull();
  });
});
