// Proactive forecasts (spec 01 §3 'Proactive forecast'): read per location, customer-scoped; written by a Super
// Admin, each write handed to the notifier as a 'proactive-forecast' event in the same transaction.
import type {
  TCreateProactiveForecast,
  TProactiveForecast,
  TProactiveForecastMessage,
} from '@allclear/contracts';
import { proactiveForecastPolicy } from '@allclear/domain';
import type { Database } from '../../../db/client.ts';
import type { EnqueueAlert } from '../../../engine/contracts.ts';
import {
  customerForecastTargets,
  forecastTargets,
  writeCustomerForecast,
  writeLocationForecasts,
} from '../../../engine/policies/proactive-forecasts.ts';
import type { Principal } from '../../../platform/auth.ts';
import type { Bus } from '../../../platform/bus.ts';
import type { Clock } from '../../../platform/clock.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import type { Prepared } from '../../../platform/route.ts';
import { authorize, authorizeAction } from '../../shared/authorize.ts';
import { readTags } from '../../shared/read-tags.ts';
import { keep, type ApiReads } from '../../shared/reads.ts';
import { ProactiveForecastRepository, type MessageRow } from './proactive-forecast.repository.ts';
import { sanitizeHtml } from './sanitize-html.ts';

const presentMessage = (m: MessageRow): TProactiveForecastMessage => ({
  id: m.id,
  headline: m.headline,
  message: sanitizeHtml(m.message),
  createdAt: m.createdAt.toISOString(),
});

export class ProactiveForecastService {
  private readonly repo: ProactiveForecastRepository;
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly enqueueAlert: EnqueueAlert,
    private readonly bus: Bus,
    private readonly reads: ApiReads,
  ) {
    this.repo = new ProactiveForecastRepository(db);
  }

  /**
   * `GET ProactiveForecast/Location/{locationId}`: unexpired forecasts with their messages; kept until the customer's
   * forecasts change, and at most READ_TTL_MS (one expiring drops out within a minute).
   */
  async forLocation(p: Principal, locationId: number): Promise<Prepared<TProactiveForecast[]>> {
    const location = await this.reads.locations.visible(p, locationId);
    const tags = [readTags.proactiveForecasts(location.customerId), readTags.customer(location.customerId)];
    return keep(this.reads.cache, `proactiveForecasts:${location.id}`, tags, () =>
      this.read(location.id, location.customerId),
    );
  }

  private async read(locationId: number, customerId: number): Promise<TProactiveForecast[]> {
    const forecasts = await this.repo.forLocation(locationId, customerId, this.clock.now());
    const messages = await this.repo.messagesOf(forecasts.map((f) => f.id));
    return forecasts.map((f) => ({
      id: f.id,
      forecastType: { name: f.typeName, color: f.typeColor },
      expiresAt: f.expiresAt.toISOString(),
      messages: messages.filter((m) => m.proactiveForecastId === f.id).map(presentMessage),
    }));
  }

  /** `GET ProactiveForecast/Message/{id}`: one message. */
  async message(p: Principal, id: number): Promise<TProactiveForecastMessage> {
    const row = authorize(
      p,
      proactiveForecastPolicy,
      'view',
      await this.repo.message(id),
      'Proactive forecast message',
    );
    return presentMessage(row.message);
  }

  /** `POST ProactiveForecast` (Super Admin): one forecast per location, or one customer-wide; notifies each location. */
  async create(p: Principal, input: TCreateProactiveForecast): Promise<number[]> {
    authorizeAction(p, 'proactiveForecast', 'create');
    const now = this.clock.now();
    const expiresAt = new Date(input.expiresAt);
    if (expiresAt.getTime() <= now.getTime()) {
      throw badRequest('The forecast must expire in the future.', {
        ExpiresAt: ['ExpiresAt must be in the future'],
      });
    }
    const forecast = {
      forecastType: input.forecastType,
      expiresAt,
      headline: input.headline,
      message: sanitizeHtml(input.message),
    };
    if (input.locationIds) {
      const found = await forecastTargets(this.db, input.locationIds);
      const missing = input.locationIds.filter((id) => !found.some((l) => l.id === id));
      if (missing.length > 0) {
        throw badRequest('Unknown location.', {
          LocationIds: missing.map((id) => `Location ${id} does not exist`),
        });
      }
      const ids = await writeLocationForecasts(this.db, this.enqueueAlert, found, forecast, now);
      for (const customerId of new Set(found.map((l) => l.customerId)))
        this.bus.publish('proactive-forecasts-changed', { customerId });
      return ids;
    }
    const customerId = input.customerId!;
    const targets = await customerForecastTargets(this.db, customerId);
    if (targets.length === 0) throw notFound('Customer');
    const id = await writeCustomerForecast(this.db, this.enqueueAlert, customerId, targets, forecast, now);
    this.bus.publish('proactive-forecasts-changed', { customerId });
    return [id];
  }
}
