import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { WindArrow } from './wind-arrow.tsx';

describe('WindArrow', () => {
  it('points where the wind blows to: from the south-west is turned 45° (north-east)', () => {
    render(<WindArrow direction="SW" label />);
    const arrow = screen.getByRole('img', { name: 'SW' });
    expect(getComputedStyle(arrow).transform).toBe('rotate(405deg)');
  });

  it('is hidden from screen readers without a label, where the compass text is shown beside it', () => {
    const { container } = render(<WindArrow direction="N" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('[data-wind-arrow]')).toHaveAttribute('aria-hidden', 'true');
  });

  it('draws nothing when the compass text has no bearing', () => {
    const { container } = render(
      <>
        <WindArrow direction={null} label />
        <WindArrow direction="Calm" label />
      </>,
    );
    expect(container.querySelector('[data-wind-arrow]')).toBeNull();
  });
});
