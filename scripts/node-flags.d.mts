/** The Node.js flags the product's process runs with (node-flags.mjs). */
export declare const PRODUCT_NODE_FLAGS: readonly string[];
/** Environment the product's process starts with, under the caller's own (node-flags.mjs). */
export declare const PRODUCT_ENV: Readonly<Record<string, string>>;
