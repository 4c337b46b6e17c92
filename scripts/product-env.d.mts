/** The environment of a built product on a loopback port with its own data folder (product-env.mjs). */
export declare function loopbackProductEnv(port: number, dataDir: string): Record<string, string>;
