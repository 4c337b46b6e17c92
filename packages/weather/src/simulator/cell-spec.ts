// What a simulated storm cell is: where and when it is born, how it moves and how strong it gets. Its own
// module so that the cell's life (cells.ts) and its shape (storm-shape.ts) can both read it.

export type CellOrigin = 'background' | 'focus' | 'spawned';

export interface CellSpec {
  id: string;
  /** 32-bit key for the cell's seeded random streams. */
  key: number;
  origin: CellOrigin;
  birthMs: number;
  lifetimeMs: number;
  birthLatitude: number;
  birthLongitude: number;
  speedMs: number;
  /** Direction of motion, degrees clockwise from north. */
  headingDeg: number;
  /** Maximum reflectivity at maturity, dBZ. */
  peakDbz: number;
  /** Distance at which reflectivity has fallen 20 dB below the core, km. */
  radiusKm: number;
  /** Flashes per minute at peak reflectivity. */
  peakFlashesPerMinute: number;
  /** The cell rotates (mesocyclone) when strong. */
  rotating: boolean;
}
