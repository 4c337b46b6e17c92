// Location rules: who may read and change a location, the form's server checks (name, address,
// coordinates, zones, all-clear, organisation location, fourth-zone entitlement), the type-1 lock,
// the organisation's lightning-policy lock, and the 'location-changed' fact after each commit
// (spec 01 §3 'Location', §4 'Policy lock', §5, §6, §7 'Locations', §8; spec 02 §3 preload record).
import {
  applyPolicyLock,
  decideLocation,
  greatCircleMiles,
  isFourthZoneVisible,
  isInRadarCoverage,
  locationPolicy,
  newLocationDefaults,
  preloadedLocation,
  userPolicy,
  type LightningPolicy,
  type LocationAction,
} from '@allclear/domain';
import {
  LOCATION_FIELD_MESSAGES,
  ZLocationInput,
  fieldErrorKey,
  fieldErrorsOf,
  locationWriteProblems,
  type TLocation,
  type TLocationAddWarning,
  type TLocationInput,
  type TPreloadLocation,
} from '@allclear/contracts';
import type { Principal } from '../../../platform/auth.ts';
import type { Bus } from '../../../platform/bus.ts';
import type { Clock } from '../../../platform/clock.ts';
import { badRequest, type FieldErrors } from '../../../platform/errors.ts';
import { authorize } from '../../shared/authorize.ts';
import type { LocationRepository, LocationRow, LocationValues } from './location.repository.ts';
import { presentLocation } from './location.presenter.ts';

export { LOCATION_LABEL_MAX_LENGTH as LABEL_MAX_LENGTH, LOCATION_NAME_MAX_LENGTH } from '@allclear/contracts';
/** A new pick this close to a saved location gets the add warning, miles. */
export const NEARBY_LOCATION_MILES = 1;

export const LOCATION_MESSAGES = {
  added: 'Location added',
  updated: 'Location updated',
  deleted: 'Location deleted',
  forecastUpdated: 'Forecast location updated',
  preloadsUpdated: 'User locations updated',
  nameRequired: LOCATION_FIELD_MESSAGES.nameRequired,
  addressRequired: LOCATION_FIELD_MESSAGES.addressRequired,
  typeOneRename: 'This location cannot be renamed.',
  typeOneDelete: 'This location cannot be deleted.',
  sharedLocation: 'You may not change a location shared by your organization.',
  fourthZone: 'The fourth lightning zone is not enabled for your organization.',
  allClear: LOCATION_FIELD_MESSAGES.allClear,
  latitude: LOCATION_FIELD_MESSAGES.latitude,
  longitude: LOCATION_FIELD_MESSAGES.longitude,
  organizationLocation: 'Organization location not found.',
  organizationLocationUsed: 'This organization location is already used by another location.',
  invalid: 'One or more validation errors occurred.',
  outsideCoverageTitle: 'Outside radar coverage',
  outsideCoverage:
    'This location is outside our radar coverage area (the continental United States). Lightning alerts and weather data still work here, but only past radar imagery is available.',
  nearbyTitle: 'Location nearby',
} as const;

/** The add-warning text for a pick within a mile of a saved location. */
export const nearbyLocationMessage = (label: string) =>
  `You already have a location, "${label}", within ${NEARBY_LOCATION_MILES} mile of this point.`;

export class LocationService {
  constructor(
    private readonly repo: LocationRepository,
    private readonly bus: Bus,
    private readonly clock: Clock,
  ) {}

  /**
   * The row when the domain's location policy allows the action (authorize): 404 for a row the caller may not
   * see (another user's or customer's), 403 for one they see but may not change (a shared location, for the
   * Customer role), 400 for a type-1 delete (spec 01 §6). The type-1 rename is refused under Label by
   * `checked`, with the form's other field errors.
   */
  private async authorized(p: Principal, action: LocationAction, id: number): Promise<LocationRow> {
    return authorize(p, locationPolicy, action, await this.repo.findById(id), {
      what: 'Location',
      forbidden: LOCATION_MESSAGES.sharedLocation,
      locked: LOCATION_MESSAGES.typeOneDelete,
    });
  }

  /** The user a call names (`location/user/{userId}`, `.../OrganizationLocation/{userId}`) when the user policy allows the action on them. */
  private async user(p: Principal, action: 'view' | 'assignLocations', userId: string) {
    return authorize(p, userPolicy, action, await this.repo.findUserForPolicy(userId), 'User');
  }

  private publish(row: { id: number; customerId: number }, deleted: boolean): void {
    this.bus.publish('location-changed', { locationId: row.id, customerId: row.customerId, deleted });
  }

  /**
   * The locations of a user (own and shared), each with its zones in force under the customer's policies
   * and what the viewer (the caller, who may be an admin listing a user's locations) may do to it.
   */
  async list(viewer: Principal, userId: string, customerId: number): Promise<TLocation[]> {
    const [rows, policies] = await Promise.all([
      this.repo.listForUser(userId, customerId),
      this.repo.lightningPolicies(customerId),
    ]);
    return rows.map((row) => presentLocation(row, policies, viewer));
  }

  /** `GET location/user/{userId}`: a user's locations, for that user or whoever may see them (the user policy's 'view'). */
  async listOfUser(p: Principal, userId: string): Promise<TLocation[]> {
    const user = await this.user(p, 'view', userId);
    return this.list(p, user.id, user.customerId);
  }

  /** The customer's LR1..LR4 policies (spec 01 §4 'Policy lock'). */
  lightningPolicies(p: Principal): Promise<LightningPolicy[]> {
    return this.repo.lightningPolicies(p.customerId);
  }

  /**
   * Checks a location against the form's rules after the defaults and the policy lock are applied (the
   * body passed the same rules, `locationWriteProblems` of ZLocationInput, at the route); throws 400
   * with every broken field named (spec 01 §5, §8).
   */
  private async checked(
    p: Principal,
    customerId: number,
    ownerId: string | null,
    values: LocationValues,
    existing?: LocationRow,
  ): Promise<LocationValues> {
    const errors: FieldErrors = {};
    const add = (field: string, message: string) => (errors[field] ??= []).push(message);
    if (existing && values.label !== existing.label && decideLocation(p, 'rename', existing) === 'locked')
      add('Label', LOCATION_MESSAGES.typeOneRename);

    const lock = applyPolicyLock(await this.repo.lightningPolicies(customerId), values);
    const locked: LocationValues = {
      ...values,
      radius1: lock.radius1,
      radius2: lock.radius2,
      radius3: lock.radius3,
      radius4: lock.radius4,
      allClearMinutes: lock.allClearMinutes,
    };
    for (const [field, message] of locationWriteProblems(locked)) add(fieldErrorKey([field]), message);
    if (locked.radius4 > 0 && !lock.locked.radius4 && !isFourthZoneVisible(p.features, existing?.radius4)) {
      add('Radius4', LOCATION_MESSAGES.fourthZone);
    }

    if (
      locked.organizationLocationId != null &&
      locked.organizationLocationId !== existing?.organizationLocationId
    ) {
      const org = await this.repo.findOrganizationLocation(locked.organizationLocationId);
      if (!org || org.customerId !== customerId)
        add('OrganizationLocationId', LOCATION_MESSAGES.organizationLocation);
      else if (await this.repo.findUsingOrganizationLocation(customerId, ownerId, org.id, existing?.id)) {
        add('OrganizationLocationId', LOCATION_MESSAGES.organizationLocationUsed);
      }
    }
    if (Object.keys(errors).length > 0) throw badRequest(LOCATION_MESSAGES.invalid, errors);
    return locked;
  }

  /** `POST location/Add`: a new location owned by the caller (spec 01 §3 defaults for omitted fields). */
  async add(p: Principal, input: TLocationInput): Promise<TLocation> {
    const d = newLocationDefaults('dashboard');
    const values: LocationValues = {
      label: input.label ?? d.label,
      locationName: input.locationName ?? d.locationName,
      latitude: input.latitude,
      longitude: input.longitude,
      radius1: input.radius1 ?? d.radius1,
      radius2: input.radius2 ?? 0,
      radius3: input.radius3 ?? 0,
      radius4: input.radius4 ?? 0,
      allClearMinutes: input.allClearMinutes ?? d.allClearMinutes,
      flags: input.flags ?? d.flags,
      forecastLocation: input.forecastLocation ?? false,
      organizationLocationId: input.organizationLocationId ?? null,
    };
    const saved = await this.repo.create(
      p.customerId,
      p.userId,
      await this.checked(p, p.customerId, p.userId, values),
      p.siteId,
    );
    this.publish(saved, false);
    return presentLocation(saved, await this.repo.lightningPolicies(saved.customerId), p);
  }

  /**
   * `POST location/Update`: in edit mode the address, map position and organisation location stay as
   * saved (spec 01 §5 'Location fields'); a type-1 location keeps its name.
   */
  async update(p: Principal, input: TLocationInput): Promise<void> {
    if (input.id == null) throw badRequest(LOCATION_MESSAGES.invalid, { Id: ['Id is required.'] });
    const existing = await this.authorized(p, 'edit', input.id);
    const values: LocationValues = {
      label: input.label ?? existing.label,
      locationName: existing.locationName,
      latitude: existing.latitude,
      longitude: existing.longitude,
      radius1: input.radius1 ?? existing.radius1,
      radius2: input.radius2 ?? 0,
      radius3: input.radius3 ?? 0,
      radius4: input.radius4 ?? 0,
      allClearMinutes: input.allClearMinutes ?? existing.allClearMinutes,
      flags: input.flags ?? existing.flags,
      forecastLocation: input.forecastLocation ?? existing.forecastLocation,
      organizationLocationId: existing.organizationLocationId,
    };
    const checked = await this.checked(p, existing.customerId, existing.userId, values, existing);
    await this.repo.update(existing.id, checked, this.clock.now());
    this.publish(existing, false);
  }

  /** `POST location/Update/ForecastLocation/{id}`: sets the forecast-location flag. */
  async setForecastLocation(p: Principal, id: number, forecastLocation: boolean): Promise<void> {
    const existing = await this.authorized(p, 'edit', id);
    await this.repo.setForecastLocation(existing.id, forecastLocation, this.clock.now());
    this.publish(existing, false);
  }

  /** `DELETE location/{id}`: type-1 locations are never deleted (spec 01 §6). */
  async delete(p: Principal, id: number): Promise<void> {
    const existing = await this.authorized(p, 'delete', id);
    await this.repo.delete(existing.id);
    this.publish(existing, true);
  }

  /**
   * `POST location/Update/OrganizationLocation/{userId}`: the user's preloaded organisation locations become
   * exactly the listed ones, for the user themself or whoever may edit them (the user policy's
   * 'assignLocations': spec 02 §6 'Edit/delete a user').
   */
  async replacePreloadedOf(p: Principal, userId: string, records: TPreloadLocation[]): Promise<void> {
    const user = await this.user(p, 'assignLocations', userId);
    await this.replacePreloaded(p, { id: user.id, customerId: user.customerId }, records);
  }

  /** The preload replacement for a user already authorised (see replacePreloadedOf). */
  async replacePreloaded(
    p: Principal,
    target: { id: string; customerId: number },
    records: TPreloadLocation[],
  ): Promise<void> {
    const ids = [...new Set(records.map((r) => r.organizationLocationId))];
    const orgs = await this.repo.findOrganizationLocations(ids);
    const missing = ids.filter((id) => !orgs.some((o) => o.id === id && o.customerId === target.customerId));
    if (missing.length > 0) {
      throw badRequest(LOCATION_MESSAGES.invalid, {
        OrganizationLocationId: missing.map((id) => `${LOCATION_MESSAGES.organizationLocation} (${id})`),
      });
    }
    const errors: FieldErrors = {};
    const preloads = orgs.map((org) => {
      const index = records.findIndex((r) => r.organizationLocationId === org.id);
      const given = records[index];
      const draft = preloadedLocation(org);
      const record = { ...draft, label: given?.label?.trim() || draft.label, organizationLocationId: org.id };
      // the record written passes the one schema of every location write
      const parsed = ZLocationInput.safeParse(record);
      if (!parsed.success) {
        for (const [field, messages] of Object.entries(fieldErrorsOf(parsed.error.issues))) {
          (errors[`${fieldErrorKey([index])}.${field}`] ??= []).push(...messages);
        }
      }
      return record;
    });
    if (Object.keys(errors).length > 0) throw badRequest(LOCATION_MESSAGES.invalid, errors);
    const { created, deleted } = await this.repo.replacePreloaded(target.customerId, target.id, preloads);
    for (const id of created) this.publish({ id, customerId: target.customerId }, false);
    for (const id of deleted) this.publish({ id, customerId: target.customerId }, true);
  }

  /**
   * The location-add warning lookup (spec 01 §2: a server-provided title and message with 'I
   * Understand'): outside radar coverage first, then a saved location of the caller's within 1 mile.
   */
  async addWarning(p: Principal, latitude: number, longitude: number): Promise<TLocationAddWarning> {
    if (!isInRadarCoverage(latitude, longitude)) {
      return { title: LOCATION_MESSAGES.outsideCoverageTitle, message: LOCATION_MESSAGES.outsideCoverage };
    }
    const mine = await this.repo.listForUser(p.userId, p.customerId);
    const near = mine
      .map((l) => ({ l, miles: greatCircleMiles({ latitude, longitude }, l) }))
      .filter((x) => x.miles <= NEARBY_LOCATION_MILES)
      .sort((a, b) => a.miles - b.miles)[0];
    return near
      ? { title: LOCATION_MESSAGES.nearbyTitle, message: nearbyLocationMessage(near.l.label) }
      : null;
  }
}
