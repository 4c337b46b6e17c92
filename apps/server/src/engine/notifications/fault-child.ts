// A process the fault test starts and kills (SIGKILL): `enqueue` opens the PGlite data directory,
// builds a customer with two recipients, starts the notifier, enqueues alerts and prints ENQUEUED;
// `deliver` restarts on the same directory and prints the delivery statuses and DONE once all settled.
// Usage: tsx fault-child.ts <enqueue|deliver> <dataDir or postgres:// URL> <smtpUrl> <events>
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { NotificationType } from '@allclear/domain';
import { migrateDatabase, openDatabase } from '../../db/client.ts';
import { seedReferenceData } from '../../db/seed/reference.ts';
import {
  buildCustomer,
  buildLocation,
  buildOrganizationLocation,
  buildSite,
  buildUser,
} from '../../db/factories.ts';
import { loadConfig } from '../../platform/config.ts';
import { systemClock } from '../../platform/clock.ts';
import { createNotifier } from './index.ts';
import { FaultChildRepository } from './fault-child.repository.ts';

const [mode, dataDir, smtpUrl, eventCount = '3'] = process.argv.slice(2);
const db = await openDatabase(dataDir?.startsWith('postgres') ? { url: dataDir } : { dataDir });
await migrateDatabase(db);
const store = new FaultChildRepository(db.db);
const notifier = createNotifier({
  notify: loadConfig({
    APP_ENV: 'test',
    SMTP_URL: smtpUrl,
    NOTIFY_ATTEMPTS: '5',
    NOTIFY_RETRY_DELAY_SECONDS: '1',
    NOTIFY_EXPIRE_SECONDS: '3',
    NOTIFY_MAINTENANCE_SECONDS: '1',
  }).notify,
  db,
  clock: systemClock,
  log: pino({ level: 'silent' }),
});

if (mode === 'enqueue') {
  await seedReferenceData(db);
  const customer = await buildCustomer(db.db);
  const site = await buildSite(db.db, { customerId: customer.id });
  const venue = await buildOrganizationLocation(db.db, { customerId: customer.id });
  await store.linkGroup(customer.id, venue.id, site.id);
  for (const name of ['alpha', 'bravo']) {
    await buildUser(db.db, { customerId: customer.id, siteId: site.id, email: `${name}@example.test` });
  }
  const location = await buildLocation(db.db, {
    customerId: customer.id,
    organizationLocationId: venue.id,
    flags: 0,
  });
  await notifier.service.start();
  for (let i = 0; i < Number(eventCount); i++) {
    await db.db.transaction((tx) =>
      notifier.enqueueAlert(tx, {
        id: randomUUID(),
        // a warning, not a lightning delay: delays to one address within seconds are merged into one message, and
        // this test counts one message per alert and recipient
        kind: 'nws-alert',
        notificationType: NotificationType.Lightning,
        customerId: customer.id,
        locationId: location.id,
        correlationId: randomUUID(),
        occurredAt: new Date(),
        subject: `Lightning delay ${i + 1}`,
        body: `Lightning delay number ${i + 1}.`,
        details: { index: i },
      }),
    );
  }
  process.stdout.write('ENQUEUED\n');
  // wait to be killed; the worker is stuck on an SMTP server that never answers
  setInterval(() => undefined, 1000);
} else {
  await notifier.service.start();
  let statuses: string[] = [];
  for (;;) {
    statuses = await store.deliveryStatuses();
    if (statuses.length > 0 && statuses.every((s) => s === 'delivered' || s === 'dead')) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  await notifier.service.stop();
  await db.close();
  process.stdout.write(`STATUSES ${JSON.stringify(statuses)}\nDONE\n`);
  process.exit(0);
}
