// Types of the vt-pbf package (it ships none): encodes geojson-vt tiles as Mapbox Vector Tile PBF.
declare module 'vt-pbf' {
  interface VtPbf {
    fromGeojsonVt(
      layers: Record<string, unknown>,
      options?: { version?: number; extent?: number },
    ): Uint8Array;
  }
  const vtpbf: VtPbf;
  export default vtpbf;
}
