import { describe, expect, it } from 'vitest';
import { advanceProgress, initialProgress } from '@allclear/domain';
import { absoluteUrl, frameIndexForProgress } from './radar-frames.ts';

describe('frame for a timeline position', () => {
  it('shows nothing without frames', () => {
    expect(frameIndexForProgress(50, 0)).toBe(-1);
  });

  it('shows the oldest frame at 0 and the latest at 100 (past opens on the latest)', () => {
    expect(frameIndexForProgress(0, 13)).toBe(0);
    expect(frameIndexForProgress(initialProgress('past'), 13)).toBe(12);
  });

  it('steps one frame per PLAY tick through a 13-frame loop, despite float sums', () => {
    let p = 0;
    const seen = [frameIndexForProgress(p, 13)];
    for (let i = 0; i < 12; i += 1) {
      p = advanceProgress(p, 13);
      seen.push(frameIndexForProgress(p, 13));
    }
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('clamps out-of-range positions', () => {
    expect(frameIndexForProgress(-5, 13)).toBe(0);
    expect(frameIndexForProgress(140, 13)).toBe(12);
  });

  it('makes a same-origin path absolute for MapLibre and keeps the tile template literal', () => {
    expect(absoluteUrl('/map/past/TMS/{z}/{x}/{y}.png?time=1', 'http://localhost:5173')).toBe(
      'http://localhost:5173/map/past/TMS/{z}/{x}/{y}.png?time=1',
    );
    expect(absoluteUrl('https://tiles.example/{z}/{x}/{y}.png', 'http://localhost:5173')).toBe(
      'https://tiles.example/{z}/{x}/{y}.png',
    );
  });
});
