// The Node.js flags and environment the product's process runs with (`npm start`), shared by the journeys and the
// benchmarks that start it, so what they measure is what runs. Why each (figures from `bench soak`):
// docs/decisions/memory-of-the-embedded-default.md.
// V8's default young generation (16 MB semi-spaces), not --max-semi-space-size=64: the larger one let the engine's
// one-batch objects die young (bench strikes' outage catch-up drained 6 to 19 % sooner on 15 to 20 % less CPU), but
// once grown it stays resident, 128 MB against 32, in every hour of every install, for a gain only a catch-up after a
// database outage or a storm's onset sees. A large install can give it back: NODE_OPTIONS=--max-semi-space-size=64.
export const PRODUCT_NODE_FLAGS = ['--enable-source-maps'];

// MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (V8's compiler and garbage-collector threads, compiling
// PGlite's WebAssembly) an arena of its own and keeps what they freed: four arenas held 24 to 41 MB each, about
// 110 MB, against one of 47 MB with two. Read by glibc at the process's start, so it is the environment, not a flag;
// an operator's own value wins.
export const PRODUCT_ENV = { MALLOC_ARENA_MAX: '2' };
