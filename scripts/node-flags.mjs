// The Node.js flags the product's process runs with (`npm start`), shared by the journeys and the benchmarks
// that start it, so what they measure is what runs.
// --max-semi-space-size=64: the engine's transactions make many objects that live for one batch; with V8's
// default young generation (16 MB semi-spaces) too many of them outlived it and were collected as old ones.
// Bench strikes, outage phase, three pairs run alternately: the catch-up drained 6 to 19 % sooner using 15 to 20 %
// less CPU. It costs at most about 150 MB more memory (the young generation is three semi-spaces).
export const PRODUCT_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=64'];
