/** The Node.js flags the product's process runs with (node-flags.mjs). */
export declare const PRODUCT_NODE_FLAGS: readonly string[];
