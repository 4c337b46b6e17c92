import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImageViewer } from './image-viewer.tsx';

describe('<ImageViewer>', { timeout: 20_000 }, () => {
  it('shows the image over the whole viewport, scaled to fill it whole rather than at its own size', () => {
    render(<ImageViewer open src="/station.jpg" alt="Arlington sky image" onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Arlington sky image' });
    expect(dialog.className).toMatch(/MuiDialog-paperFullScreen/);
    const img = screen.getByRole('img', { name: 'Arlington sky image' });
    // a small station image is stretched up to the viewer's box, keeping its proportions
    expect(img).toHaveStyle({ width: '100%', height: '100%', objectFit: 'contain' });
    expect(getComputedStyle(img).maxWidth).not.toBe('100%');
  });

  it('closes with the close button', async () => {
    const onClose = vi.fn();
    render(<ImageViewer open src="/station.jpg" alt="Arlington sky image" onClose={onClose} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close image' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
