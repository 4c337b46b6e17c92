// Starts the built product once for the whole e2e run, on a free port with a fresh data directory.
import type { TestProject } from 'vitest/node';
import { startProduct, type RunningProduct } from './product.ts';

let product: RunningProduct | undefined;

export async function setup(project: TestProject): Promise<void> {
  product = await startProduct({
    // short-lived tokens, so the journeys see a real silent renew within seconds
    ACCESS_TOKEN_TTL_SECONDS: '75',
  });
  project.provide('baseUrl', product.baseUrl);
}

export async function teardown(): Promise<void> {
  await product?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
