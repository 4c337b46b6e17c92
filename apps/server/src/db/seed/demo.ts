// The demo organisation of issue 2: a Dallas–Fort Worth sports and schools customer with real venues,
// groups, one user of every role, policies of every type and field hardware; plus a second, smaller
// customer so that isolation can be tested. Idempotent: a customer found by name is left as it is.
import {
  ADMIN_ROLES,
  ALL_CUSTOMER_FEATURES,
  CustomerFeature,
  enableAlertsFlags,
  PERMISSIONS,
  ROLE_IDS,
  type PolicyTypeShortName,
} from '@allclear/domain';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../platform/password.ts';
import type { Database, DatabaseHandle } from '../client.ts';
import {
  airQualitySensors,
  customers,
  hardware,
  locations,
  organizationLocationSites,
  organizationLocations,
  paMessages,
  paUnits,
  policies,
  policyNotificationActions,
  policySites,
  remoteRelays,
  sirenAlertTimes,
  sirens,
  siteAlertTimes,
  sites,
  notificationUsers,
  userAlertTimes,
  userNotificationSettings,
  userOrganizationLocations,
  users,
  weatherStations,
} from '../schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_CUSTOMER_NAME, DEMO_PASSWORD, OTHER_CUSTOMER_NAME } from './demo-accounts.ts';
import { POLICY_TYPE_ROWS, seedReferenceData } from './reference.ts';

export { seedReferenceData } from './reference.ts';
export { DEMO_ACCOUNTS, DEMO_CUSTOMER_NAME, DEMO_PASSWORD, OTHER_CUSTOMER_NAME } from './demo-accounts.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface SeedDemoResult {
  accounts: { email: string; role: string; customer: string }[];
}

interface Venue {
  key: string;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  /** Zone radii in miles, 0 = off. */
  radii: [number, number, number, number];
  allClearMinutes: number;
  /** Alerts switched off (flags 30, spec 01 §5): one venue shows the muted icon and its tooltip. */
  silenced?: boolean;
  type?: number;
  forecastLocation?: boolean;
  groups: string[];
}

/** Real Dallas–Fort Worth venues at their stadium coordinates (WGS84, 4 decimals ≈ 11 m). */
export const DEMO_VENUES: readonly Venue[] = [
  {
    key: 'att',
    name: 'AT&T Stadium',
    address: '1 AT&T Way, Arlington, TX 76011',
    latitude: 32.7473,
    longitude: -97.0945,
    radii: [8, 15, 25, 0],
    allClearMinutes: 30,
    type: 1,
    forecastLocation: true,
    groups: ['Athletics', 'Facilities', 'Grounds Crew'],
  },
  {
    key: 'globe-life',
    name: 'Globe Life Field',
    address: '734 Stadium Dr, Arlington, TX 76011',
    latitude: 32.7473,
    longitude: -97.0847,
    radii: [10, 20, 30, 40],
    allClearMinutes: 30,
    groups: ['Athletics', 'Grounds Crew'],
  },
  {
    key: 'choctaw',
    name: 'Choctaw Stadium',
    address: '1000 Ballpark Way, Arlington, TX 76011',
    latitude: 32.7514,
    longitude: -97.0825,
    radii: [10, 0, 0, 0],
    allClearMinutes: 20,
    silenced: true,
    groups: ['Athletics'],
  },
  {
    key: 'toyota',
    name: 'Toyota Stadium',
    address: '9200 World Cup Way, Frisco, TX 75033',
    latitude: 33.1545,
    longitude: -96.8353,
    radii: [5, 10, 15, 20],
    allClearMinutes: 30,
    forecastLocation: true,
    groups: ['Athletics', 'Grounds Crew'],
  },
  {
    key: 'cotton-bowl',
    name: 'Cotton Bowl Stadium',
    address: '3750 The Midway, Dallas, TX 75215',
    latitude: 32.7798,
    longitude: -96.7596,
    radii: [8, 15, 0, 0],
    allClearMinutes: 30,
    groups: ['Athletics', 'Facilities'],
  },
  {
    key: 'smu',
    name: 'Gerald J. Ford Stadium (SMU)',
    address: '5800 Ownby Dr, Dallas, TX 75205',
    latitude: 32.8377,
    longitude: -96.7832,
    radii: [10, 20, 30, 0],
    allClearMinutes: 20,
    groups: ['Athletics'],
  },
  {
    key: 'tcu',
    name: 'Amon G. Carter Stadium (TCU)',
    address: '2850 Stadium Dr, Fort Worth, TX 76109',
    latitude: 32.7097,
    longitude: -97.3686,
    radii: [8, 16, 24, 0],
    allClearMinutes: 30,
    groups: ['Athletics', 'Facilities'],
  },
  {
    key: 'eagle',
    name: 'Eagle Stadium (Allen ISD)',
    address: '201 E Exchange Pkwy, Allen, TX 75002',
    latitude: 33.1074,
    longitude: -96.6705,
    radii: [6, 12, 20, 0],
    allClearMinutes: 10,
    groups: ['Athletics', 'Facilities', 'Grounds Crew'],
  },
  {
    key: 'ford-center',
    name: 'Ford Center at The Star',
    address: '9 Cowboys Way, Frisco, TX 75034',
    latitude: 33.1097,
    longitude: -96.829,
    radii: [10, 20, 0, 0],
    allClearMinutes: 40,
    groups: ['Facilities', 'Grounds Crew'],
  },
];

/** The demo groups and their alert windows: [day, start, end, allDay, enabled] for days 0 (Sunday) to 6. */
const DEMO_GROUPS: { name: string; times: (day: number) => [string, string, boolean, boolean] }[] = [
  { name: 'Athletics', times: () => ['05:00:00', '23:00:00', false, true] },
  { name: 'Facilities', times: (day) => ['00:00:00', '00:00:00', true, day >= 1 && day <= 5] },
  { name: 'Grounds Crew', times: () => ['06:00:00', '20:00:00', false, true] },
];

const DEMO_GROUP_OF: Record<string, string | null> = {
  'super@demo.allclear.test': 'Athletics',
  'admin@demo.allclear.test': 'Facilities',
  'assistant@demo.allclear.test': 'Athletics',
  'customer@demo.allclear.test': 'Grounds Crew',
};

/** Demo policy per type: threshold in the type's unit (LR thresholds are zone radii in miles). */
const DEMO_POLICIES: Record<PolicyTypeShortName, { threshold: number; groups: string[] | 'all' }> = {
  LR1: { threshold: 8, groups: 'all' },
  LR2: { threshold: 15, groups: 'all' },
  LR3: { threshold: 25, groups: 'all' },
  LR4: { threshold: 40, groups: 'all' },
  HEAT: { threshold: 103, groups: ['Athletics', 'Grounds Crew'] },
  CHILL: { threshold: 20, groups: ['Athletics', 'Grounds Crew'] },
  WBGT: { threshold: 88, groups: ['Athletics', 'Grounds Crew'] },
  PRECIP: { threshold: 1, groups: ['Facilities', 'Grounds Crew'] },
  WIND: { threshold: 30, groups: 'all' },
  GUST: { threshold: 40, groups: 'all' },
  AQI: { threshold: 150, groups: ['Athletics'] },
  'AQI-MAX': { threshold: 150, groups: ['Athletics'] },
  'AQI-PM2.5': { threshold: 150, groups: ['Athletics', 'Facilities'] },
  'AQI-PM10': { threshold: 150, groups: ['Facilities'] },
  'AQI-O3': { threshold: 150, groups: ['Athletics', 'Grounds Crew'] },
};

const DEMO_BANNER = 'Demo organisation: storms and alerts come from the built-in weather simulator.';

/** Seeds roles and policy types, then the demo customer and 'Other Org' when absent (by name); returns the accounts. */
export async function seedDemo(handle: DatabaseHandle): Promise<SeedDemoResult> {
  await seedReferenceData(handle);
  const { db } = handle;
  const now = new Date();
  let passwordHash: Promise<string> | undefined;
  // argon2id is slow on purpose: hash once per run, and only when an account is created.
  const hashOnce = () => (passwordHash ??= hashPassword(DEMO_PASSWORD));

  if (!(await customerExists(db, DEMO_CUSTOMER_NAME))) {
    const hash = await hashOnce();
    await db.transaction((tx) => seedDemoCustomer(tx, hash, now));
  }
  if (!(await customerExists(db, OTHER_CUSTOMER_NAME))) {
    const hash = await hashOnce();
    await db.transaction((tx) => seedOtherCustomer(tx, hash, now));
  }
  await (await import('./heat-stress.ts')).seedHeatStress(handle);
  return { accounts: DEMO_ACCOUNTS.map(({ email, role, customer }) => ({ email, role, customer })) };
}

async function customerExists(db: Database, name: string): Promise<boolean> {
  const rows = await db.select({ id: customers.id }).from(customers).where(eq(customers.name, name)).limit(1);
  return rows.length > 0;
}

async function seedDemoCustomer(tx: Tx, passwordHash: string, now: Date): Promise<void> {
  const [customer] = await tx
    .insert(customers)
    .values({
      name: DEMO_CUSTOMER_NAME,
      status: 'ACTIVE',
      features: [...ALL_CUSTOMER_FEATURES],
      banner: DEMO_BANNER,
      companyType: 'Sports & Education',
      liveStreamMinutes: 600,
    })
    .returning();
  const customerId = customer!.id;

  const groupIds = new Map<string, number>();
  for (const group of DEMO_GROUPS) {
    const [site] = await tx.insert(sites).values({ customerId, name: group.name }).returning();
    groupIds.set(group.name, site!.id);
    await tx.insert(siteAlertTimes).values(
      [0, 1, 2, 3, 4, 5, 6].map((day) => {
        const [startTime, endTime, allDay, enabled] = group.times(day);
        return { siteId: site!.id, day, startTime, endTime, allDay, enabled };
      }),
    );
  }
  const groupId = (name: string) => groupIds.get(name)!;

  const orgLocationIds = new Map<string, number>();
  for (const venue of DEMO_VENUES) {
    const [org] = await tx
      .insert(organizationLocations)
      .values({
        customerId,
        name: venue.name,
        address: venue.address,
        latitude: venue.latitude,
        longitude: venue.longitude,
        label: venue.name,
        forecastLocation: venue.forecastLocation ?? false,
        sirenRadius: venue.radii[0],
      })
      .returning();
    orgLocationIds.set(venue.key, org!.id);
    await tx
      .insert(organizationLocationSites)
      .values(venue.groups.map((g) => ({ customerId, organizationLocationId: org!.id, siteId: groupId(g) })));
    await tx.insert(locations).values({
      customerId,
      label: venue.name,
      locationName: venue.address,
      latitude: venue.latitude,
      longitude: venue.longitude,
      radius1: venue.radii[0],
      radius2: venue.radii[1],
      radius3: venue.radii[2],
      radius4: venue.radii[3],
      allClearMinutes: venue.allClearMinutes,
      flags: enableAlertsFlags(!venue.silenced),
      forecastLocation: venue.forecastLocation ?? false,
      organizationLocationId: org!.id,
      type: venue.type ?? 0,
    });
  }

  const userIds = new Map<string, string>();
  let phone = 101;
  for (const account of DEMO_ACCOUNTS.filter((a) => a.customer === DEMO_CUSTOMER_NAME)) {
    const group = DEMO_GROUP_OF[account.email];
    const [user] = await tx
      .insert(users)
      .values({
        customerId,
        email: account.email,
        userName: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        passwordHash,
        roleId: ROLE_IDS[account.role],
        siteId: group ? groupId(group) : null,
        phoneNumber: `+1214555${String(phone++).padStart(4, '0')}`,
        timeZone: 'CST',
        geofenceAlertsEnabled: account.role !== 'Customer',
        activated: now,
        permissions: ADMIN_ROLES.includes(account.role) ? [...PERMISSIONS] : [],
        widgetAdmin: account.role === 'Super Admin' ? 'ALL' : null,
      })
      .returning();
    userIds.set(account.email, user!.id);
    await seedUserSettings(tx, user!.id);
    await tx.insert(userOrganizationLocations).values(
      [...orgLocationIds.values()].map((organizationLocationId) => ({
        userId: user!.id,
        organizationLocationId,
      })),
    );
  }

  await tx.insert(notificationUsers).values([
    {
      customerId,
      siteId: groupId('Grounds Crew'),
      firstName: 'Dana',
      lastName: 'Whitfield',
      email: 'dana.whitfield@demo.allclear.test',
      phoneNumber: '+12145550201',
    },
    {
      customerId,
      siteId: groupId('Athletics'),
      firstName: 'Marcus',
      lastName: 'Reyes',
      email: null,
      phoneNumber: '+12145550202',
    },
  ]);

  const creatorId = userIds.get('admin@demo.allclear.test')!;
  for (const type of POLICY_TYPE_ROWS) {
    const demo = DEMO_POLICIES[type.shortName];
    const isLightning = type.shortName.startsWith('LR');
    const [policy] = await tx
      .insert(policies)
      .values({
        customerId,
        policyTypeId: type.id,
        threshold: demo.threshold,
        isDesc: type.isDesc,
        unit: type.unit,
        precision: type.precision,
        // Spec 01 §9: default all-clear 10 min for lightning (we use the common 30) and 60 min for others.
        allClearMinutes: isLightning ? 30 : 60,
        reAlertMinutes: 10,
        creatorId,
        allGroups: demo.groups === 'all',
        showOnDashboard: true,
      })
      .returning();
    const groups = demo.groups === 'all' ? DEMO_GROUPS.map((g) => g.name) : demo.groups;
    await tx.insert(policySites).values(groups.map((g) => ({ policyId: policy!.id, siteId: groupId(g) })));
    const what = isLightning
      ? `Lightning detected within ${demo.threshold} miles`
      : `${type.displayName} ${type.isDesc ? 'at or below' : 'at or above'} ${demo.threshold} ${type.unit}`;
    await tx.insert(policyNotificationActions).values([
      {
        policyId: policy!.id,
        allClear: false,
        message: `${what}. Move to shelter and follow your action plan.`,
      },
      {
        policyId: policy!.id,
        allClear: true,
        message: `All clear: ${type.displayName} conditions have ended.`,
      },
    ]);
  }

  const [shelterMessage] = await tx
    .insert(paMessages)
    .values([
      {
        customerId,
        title: 'Lightning Shelter',
        message:
          'Attention please. Lightning has been detected near the stadium. Please leave the seating bowl and field and move to the concourse or your vehicle now.',
      },
      {
        customerId,
        title: 'All Clear',
        message:
          'The lightning threat has passed. It is now safe to return to your seats. Thank you for your patience.',
      },
      {
        customerId,
        title: 'Heat Advisory',
        message:
          'A heat advisory is in effect. Drink water often, take breaks in the shade and visit a first-aid station if you feel unwell.',
      },
    ])
    .returning();

  const unit = (
    venueKey: string,
    modelId: 'OWX' | 'OWS' | 'WXS',
    name: string,
    ip: string,
    voltage: number,
    offset: [number, number],
  ) => {
    const venue = DEMO_VENUES.find((v) => v.key === venueKey)!;
    return {
      customerId,
      organizationLocationId: orgLocationIds.get(venueKey)!,
      name,
      modelId,
      voltage,
      connectedAt: now,
      timeZoneId: 'America/Chicago',
      enabled: true,
      latitude: Number((venue.latitude + offset[0]).toFixed(4)),
      longitude: Number((venue.longitude + offset[1]).toFixed(4)),
      ipAddress: ip,
      webRelayType: modelId === 'WXS' ? null : 3,
      features:
        modelId === 'OWS'
          ? ['Siren', 'Strobe']
          : modelId === 'WXS'
            ? ['Weather']
            : ['Siren', 'Strobe', 'Weather'],
    };
  };
  const units = await tx
    .insert(hardware)
    .values([
      {
        ...unit('att', 'OWX', 'AT&T Stadium OWX', '10.20.1.10', 12.7, [0.0012, -0.0016]),
        afterSirenPaId: shelterMessage!.id,
      },
      unit('globe-life', 'OWS', 'Globe Life Field Siren', '10.20.2.10', 12.5, [-0.001, 0.0008]),
      unit('toyota', 'OWS', 'Toyota Stadium Siren', '10.20.3.10', 12.3, [0.0009, 0.0011]),
      unit('eagle', 'OWS', 'Eagle Stadium Siren', '10.20.4.10', 11.8, [-0.0008, -0.0009]),
      unit('ford-center', 'OWX', 'Ford Center OWX', '10.20.5.10', 12.6, [0.0007, -0.0012]),
      unit('cotton-bowl', 'WXS', 'Fair Park Weather Station', '10.20.6.10', 12.9, [0.0015, 0.001]),
      unit('tcu', 'WXS', 'TCU Weather Station', '10.20.7.10', 12.8, [-0.0011, 0.0014]),
      unit('smu', 'WXS', 'SMU Weather Station', '10.20.8.10', 12.4, [0.0013, -0.001]),
      // more sirens around the venues: a real organisation's hardware page runs to more than one page of 15
      unit('att', 'OWS', 'AT&T Stadium North Lot Siren', '10.20.1.11', 12.6, [0.0041, -0.0005]),
      unit('att', 'OWS', 'AT&T Stadium South Lot Siren', '10.20.1.12', 12.2, [-0.0038, 0.0007]),
      unit('globe-life', 'OWS', 'Globe Life Field Plaza Siren', '10.20.2.11', 12.4, [0.0024, -0.0019]),
      unit('choctaw', 'OWS', 'Choctaw Stadium Siren', '10.20.9.10', 11.9, [0.0011, 0.0012]),
      unit('cotton-bowl', 'OWS', 'Cotton Bowl Siren', '10.20.6.11', 12.5, [-0.0014, 0.0009]),
      unit('smu', 'OWS', 'SMU Practice Field Siren', '10.20.8.11', 12.7, [-0.0016, 0.0012]),
      unit('eagle', 'OWS', 'Eagle Stadium Practice Field Siren', '10.20.4.11', 12.3, [0.0019, 0.0015]),
      unit('ford-center', 'OWS', 'Ford Center Practice Field Siren', '10.20.5.11', 12.8, [-0.0021, -0.0013]),
    ])
    .returning();

  for (const [index, row] of units.entries()) {
    if (row.modelId !== 'WXS') {
      const venue = DEMO_VENUES.find((v) => orgLocationIds.get(v.key) === row.organizationLocationId)!;
      const [siren] = await tx
        .insert(sirens)
        .values({
          customerId,
          hardwareId: row.id,
          enabled: true,
          radius: venue.radii[0],
          allClearMinutes: venue.allClearMinutes,
          duration: index % 2 === 0 ? 15 : 10,
          frequency: 2,
          allClearDuration: 10,
          allClearFrequency: 1,
          postWarnMessage: 'Lightning in the area. Seek shelter now.',
          postAllClearMessage: 'All clear. Normal activities may resume.',
          publicName: venue.name,
        })
        .returning();
      await tx.insert(sirenAlertTimes).values(
        [0, 1, 2, 3, 4, 5, 6].map((day) => ({
          sirenId: siren!.id,
          day,
          startTime: day === 0 ? '00:00:00' : '06:00:00',
          endTime: day === 0 ? '00:00:00' : '22:00:00',
          allDay: day === 0,
          enabled: true,
        })),
      );
    }
    if (row.modelId !== 'OWS') {
      await tx.insert(weatherStations).values({
        customerId,
        hardwareId: row.id,
        name: row.name.replace(/ OWX$/, ' Station'),
        type: row.modelId,
      });
    }
  }

  const att = units.find((u) => u.name === 'AT&T Stadium OWX')!;
  const toyota = units.find((u) => u.name === 'Toyota Stadium Siren')!;
  await tx.insert(remoteRelays).values([
    {
      customerId,
      hardwareId: att.id,
      name: 'Concourse Warning Lights',
      toggled: false,
      triggerPolicyTypeId: 1,
      channel: 1,
    },
    {
      customerId,
      hardwareId: att.id,
      name: 'Field Gate Strobe',
      toggled: false,
      triggerPolicyTypeId: null,
      channel: 2,
    },
  ]);
  await tx.insert(paUnits).values([
    { customerId, hardwareId: att.id, name: 'AT&T Stadium PA', ipAddress: '10.20.1.20', defaultPlayCount: 2 },
    {
      customerId,
      hardwareId: toyota.id,
      name: 'Toyota Stadium PA',
      ipAddress: '10.20.3.20',
      defaultPlayCount: 1,
    },
  ]);

  // the organisation's own air-quality sensors (the Air Quality page, spec 03 §2.7): one at each venue and a few
  // around town, twelve so the page has a second page of its 10; one switched off. The observation ingest gives the
  // enabled ones their NowCast from the air-quality source every cycle.
  const sensorAt = (name: string, latitude: number, longitude: number, enabled = true) => ({
    customerId,
    name,
    latitude,
    longitude,
    enabled,
  });
  await tx
    .insert(airQualitySensors)
    .values([
      ...DEMO_VENUES.map((v) =>
        sensorAt(
          `${v.name} Air Monitor`,
          Number((v.latitude + 0.002).toFixed(4)),
          Number((v.longitude - 0.002).toFixed(4)),
        ),
      ),
      sensorAt('Arlington Entertainment District Air Monitor', 32.7513, -97.0824),
      sensorAt('Fair Park Air Monitor', 32.7787, -96.7597),
      sensorAt('Frisco Practice Fields Air Monitor', 33.1098, -96.8285, false),
    ]);
}

async function seedOtherCustomer(tx: Tx, passwordHash: string, now: Date): Promise<void> {
  const [customer] = await tx
    .insert(customers)
    .values({
      name: OTHER_CUSTOMER_NAME,
      status: 'ACTIVE',
      features: [CustomerFeature.MET_SUPPORT, CustomerFeature.PA_FULL_ACCESS],
      companyType: 'Education',
    })
    .returning();
  const customerId = customer!.id;
  const [site] = await tx.insert(sites).values({ customerId, name: 'Staff' }).returning();
  await tx.insert(siteAlertTimes).values(
    [0, 1, 2, 3, 4, 5, 6].map((day) => ({
      siteId: site!.id,
      day,
      startTime: '05:00:00',
      endTime: '23:00:00',
    })),
  );

  const venues = [
    {
      name: 'McLane Stadium',
      address: '1001 S M.L.K. Jr Blvd, Waco, TX 76704',
      latitude: 31.5583,
      longitude: -97.1158,
    },
    {
      name: 'Baylor Ballpark',
      address: '1201 S University Parks Dr, Waco, TX 76706',
      latitude: 31.5422,
      longitude: -97.1178,
    },
  ];
  const orgIds: number[] = [];
  for (const venue of venues) {
    const [org] = await tx
      .insert(organizationLocations)
      .values({ customerId, ...venue, label: venue.name })
      .returning();
    orgIds.push(org!.id);
    await tx
      .insert(organizationLocationSites)
      .values({ customerId, organizationLocationId: org!.id, siteId: site!.id });
    await tx.insert(locations).values({
      customerId,
      label: venue.name,
      locationName: venue.address,
      latitude: venue.latitude,
      longitude: venue.longitude,
      radius1: 10,
      radius2: 20,
      allClearMinutes: 30,
      flags: enableAlertsFlags(true),
      organizationLocationId: org!.id,
    });
  }

  const account = DEMO_ACCOUNTS.find((a) => a.customer === OTHER_CUSTOMER_NAME)!;
  const [admin] = await tx
    .insert(users)
    .values({
      customerId,
      email: account.email,
      userName: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      passwordHash,
      roleId: ROLE_IDS[account.role],
      siteId: site!.id,
      activated: now,
      permissions: [...PERMISSIONS],
    })
    .returning();
  await seedUserSettings(tx, admin!.id);
  await tx
    .insert(userOrganizationLocations)
    .values(orgIds.map((organizationLocationId) => ({ userId: admin!.id, organizationLocationId })));

  const heat = POLICY_TYPE_ROWS.find((t) => t.shortName === 'HEAT')!;
  const [policy] = await tx
    .insert(policies)
    .values({
      customerId,
      policyTypeId: heat.id,
      threshold: 105,
      isDesc: false,
      unit: heat.unit,
      precision: heat.precision,
      allClearMinutes: 60,
      creatorId: admin!.id,
    })
    .returning();
  await tx.insert(policySites).values({ policyId: policy!.id, siteId: site!.id });

  const [station] = await tx
    .insert(hardware)
    .values({
      customerId,
      organizationLocationId: orgIds[0]!,
      name: 'McLane Weather Station',
      modelId: 'WXS',
      voltage: 12.6,
      connectedAt: now,
      latitude: 31.5591,
      longitude: -97.1149,
      ipAddress: '10.30.1.10',
      features: ['Weather'],
    })
    .returning();
  await tx
    .insert(weatherStations)
    .values({ customerId, hardwareId: station!.id, name: 'McLane Weather Station', type: 'WXS' });
}

/** Default notification settings and a 05:00–23:00 schedule on all seven days (spec 02 §9 defaults). */
async function seedUserSettings(tx: Tx, userId: string): Promise<void> {
  await tx.insert(userNotificationSettings).values({ userId });
  await tx
    .insert(userAlertTimes)
    .values(
      [0, 1, 2, 3, 4, 5, 6].map((day) => ({ userId, day, startTime: '05:00:00', endTime: '23:00:00' })),
    );
}
