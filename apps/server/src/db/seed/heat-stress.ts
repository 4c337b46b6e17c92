// Demo heat-stress profiles (spec 02 §2.4, §3 'Work/rest profile', 'Risk profile') for the demo customer: a WBGT
// work/rest profile after the ACGIH TLV screening table (°F, acclimatised workers) and a four-level risk profile.
// Idempotent: a customer that already has a work/rest profile is left as it is.
import { eq } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../client.ts';
import {
  customers,
  riskLevels,
  riskProfiles,
  workRestIntensities,
  workRestMatrices,
  workRestModifiers,
  workRestProfiles,
} from '../schema/index.ts';
import { DEMO_CUSTOMER_NAME } from './demo-accounts.ts';

/** Risk levels by WBGT °F ceiling (the top level is open-ended). */
const RISK_LEVELS = [
  {
    name: 'Low',
    max: 80,
    color: '#2e7d32',
    colorSecondary: '#c8e6c9',
    description: 'Normal activity. Stay hydrated.',
  },
  {
    name: 'Moderate',
    max: 85,
    color: '#f9a825',
    colorSecondary: '#fff59d',
    description: 'Take regular breaks in shade and drink water every 15 to 20 minutes.',
  },
  {
    name: 'High',
    max: 88,
    color: '#ef6c00',
    colorSecondary: '#ffe0b2',
    description: 'Limit strenuous work, increase rest breaks and watch for signs of heat illness.',
  },
  {
    name: 'Extreme',
    max: null,
    color: '#c62828',
    colorSecondary: '#ffcdd2',
    description: 'Stop non-essential outdoor work.',
  },
] as const;

/** Clothing adjustments, °F (ACGIH clothing adjustment values converted from °C). */
const MODIFIERS = [
  { name: 'Double-layer woven coveralls', adjustment: 5.4 },
  { name: 'Polyolefin coveralls', adjustment: 1.8 },
  { name: 'Limited-use vapour-barrier coveralls', adjustment: 19.8 },
  { name: 'Hood', adjustment: 1.8 },
] as const;

/** Work percent of each hour allowed up to a WBGT ceiling (°F), per intensity; null ceiling = above the last. */
const MATRIX: Record<string, readonly [number | null, number][]> = {
  Light: [
    [88.0, 100],
    [88.7, 75],
    [89.6, 50],
    [90.5, 25],
    [null, 0],
  ],
  Moderate: [
    [84.2, 100],
    [85.6, 75],
    [87.1, 50],
    [89.6, 25],
    [null, 0],
  ],
  Heavy: [
    [81.5, 100],
    [83.5, 75],
    [85.5, 50],
    [88.7, 25],
    [null, 0],
  ],
  'Very Heavy': [
    [79.0, 100],
    [81.5, 75],
    [84.2, 50],
    [87.8, 25],
    [null, 0],
  ],
};

/** Adds the demo work/rest and risk profiles to one customer unless it already has a work/rest profile. */
export async function seedHeatStressProfiles(db: Database, customerId: number): Promise<void> {
  const existing = await db
    .select({ id: workRestProfiles.id })
    .from(workRestProfiles)
    .where(eq(workRestProfiles.customerId, customerId))
    .limit(1);
  if (existing.length > 0) return;
  await db.transaction(async (tx) => {
    const [risk] = await tx.insert(riskProfiles).values({ customerId, name: 'WBGT Risk' }).returning();
    await tx.insert(riskLevels).values(RISK_LEVELS.map((l) => ({ ...l, riskProfileId: risk!.id })));
    const [profile] = await tx
      .insert(workRestProfiles)
      .values({
        customerId,
        name: 'ACGIH WBGT (acclimatised)',
        primaryMetric: 'WBGT',
        useRiskProfile: true,
        riskProfileId: risk!.id,
        durationUnit: 'Hour',
        customStopText: 'Stop work: critical tasks only, with medical monitoring.',
        customContinuousText: 'Continuous work allowed. Keep drinking water.',
      })
      .returning();
    const profileId = profile!.id;
    await tx.insert(workRestModifiers).values(MODIFIERS.map((m) => ({ ...m, workRestProfileId: profileId })));
    for (const [name, rows] of Object.entries(MATRIX)) {
      const [intensity] = await tx
        .insert(workRestIntensities)
        .values({ workRestProfileId: profileId, name })
        .returning();
      await tx.insert(workRestMatrices).values(
        rows.map(([max, workPercent]) => ({
          workRestProfileId: profileId,
          workRestIntensityId: intensity!.id,
          max,
          workPercent,
        })),
      );
    }
  });
}

/** Seeds the demo customer's heat-stress profiles (called from seedDemo). */
export async function seedHeatStress(handle: DatabaseHandle): Promise<void> {
  const [customer] = await handle.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.name, DEMO_CUSTOMER_NAME))
    .limit(1);
  if (customer) await seedHeatStressProfiles(handle.db, customer.id);
}
