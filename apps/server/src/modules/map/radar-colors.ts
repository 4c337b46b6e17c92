// The standard NWS base-reflectivity colour table: one colour per 5-dBZ step from 5 to 75 dBZ,
// transparent below 5 dBZ (the same table as MetPy's 'NWSReflectivity').

/** RGB of each 5-dBZ step, index 0 = 5 dBZ ... index 14 = 75 dBZ and above. */
export const NWS_REFLECTIVITY_COLORS: readonly (readonly [number, number, number])[] = [
  [0x04, 0xe9, 0xe7], // 5
  [0x01, 0x9f, 0xf4], // 10
  [0x03, 0x00, 0xf4], // 15
  [0x02, 0xfd, 0x02], // 20
  [0x01, 0xc5, 0x01], // 25
  [0x00, 0x8e, 0x00], // 30
  [0xfd, 0xf8, 0x02], // 35
  [0xe5, 0xbc, 0x00], // 40
  [0xfd, 0x95, 0x00], // 45
  [0xfd, 0x00, 0x00], // 50
  [0xd4, 0x00, 0x00], // 55
  [0xbc, 0x00, 0x00], // 60
  [0xf8, 0x00, 0xfd], // 65
  [0x98, 0x54, 0xc6], // 70
  [0xfd, 0xfd, 0xfd], // 75
];

/** Lowest reflectivity drawn, dBZ. */
export const MIN_DRAWN_DBZ = 5;

/** RGBA of a reflectivity in dBZ: the colour of its 5-dBZ step, or null (transparent) below 5 dBZ. */
export function reflectivityColor(dbz: number): readonly [number, number, number] | null {
  if (!(dbz >= MIN_DRAWN_DBZ)) return null;
  const step = Math.min(NWS_REFLECTIVITY_COLORS.length - 1, Math.floor(dbz / 5) - 1);
  return NWS_REFLECTIVITY_COLORS[step]!;
}

/** A 256-entry lookup of packed RGBA (little-endian uint32) per whole dBZ 0..255, 0 = transparent. */
export function reflectivityLookup(): Uint32Array {
  const lut = new Uint32Array(256);
  for (let d = 0; d < 256; d++) {
    const c = reflectivityColor(d);
    lut[d] = c ? ((255 << 24) | (c[2] << 16) | (c[1] << 8) | c[0]) >>> 0 : 0;
  }
  return lut;
}
