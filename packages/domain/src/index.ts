// @allclear/domain: pure rules of the spec and the weather science. No I/O, no clock reads, no React.
export * from './enums.ts';
export * from './access.ts';
export * from './science/index.ts';
export * from './rules/index.ts';
export * from './policies/index.ts';
