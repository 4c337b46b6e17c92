// The route table: for every call of ./endpoints.ts, its params, query, body, headers, answer and
// OpenAPI tags. The server registers each route from its entry (apps/server/src/platform/route.ts), so
// the validation, the OpenAPI document and the web's types (RouteArgs, RouteData) come from one place.
// `response` is the schema of the `data` of a `{ data }` answer, or of the whole body of a 'json'
// answer; 'raw' and 'stream' answers have none.
import { z } from 'zod';
import { ZIdParam, ZLocationIdParam, ZSignedUrlQuery, ZUserIdParam } from '../common.ts';
import { ZCustomer } from '../customers.ts';
import {
  ZFault,
  ZFaultClearQuery,
  ZFaultIdParam,
  ZFaultInput,
  ZFaultsRemoved,
  ZOutboxMessage,
} from '../dev.ts';
import { ZIngestStatus } from '../ingest.ts';
import {
  ZDrill,
  ZDrillInput,
  ZHardware,
  ZHardwareAuditEntry,
  ZHardwareToggleInput,
  ZIpAddressParam,
  ZPaResult,
  ZPaSendInput,
  ZPaUnit,
  ZRemoteRelay,
  ZSetRelayInput,
  ZSimDeviceState,
  ZSimRelayBoardInput,
  ZSimSirenInput,
  ZSirenCommandResult,
  ZSirenDetail,
  ZSirenIdList,
  ZSirenSettingsInput,
  ZSirenSummary,
  ZStoredPaMessage,
  ZStoredPaMessageInput,
  ZStoredPaMessageUpdate,
} from '../hardware.ts';
import {
  ZDailyForecast,
  ZForecastPointQuery,
  ZHourlyForecast,
  ZHourlyForecastQuery,
  ZTodayForecast,
} from '../forecasts.ts';
import { ZGeocodeQuery, ZGeocodeSuggestion, ZReverseGeocodeQuery } from '../geocoding.ts';
import { ZOrganizationLocationIdParam, ZRiskProfile, ZWorkRestProfile } from '../heat-stress.ts';
import {
  ZLightningDelay,
  ZLightningLocationStatus,
  ZLightningThreatCounts,
  ZSimStorm,
  ZSimStormRequest,
  ZSimStrike,
  ZSimStrikesRequest,
} from '../lightning.ts';
import {
  ZCoverageParams,
  ZForecastLocationBody,
  ZLightningPolicy,
  ZLocation,
  ZLocationAddResult,
  ZLocationAddWarning,
  ZLocationAddWarningQuery,
  ZLocationInput,
  ZPreloadLocations,
} from '../locations.ts';
import {
  ZAlertsByPointQuery,
  ZClusterStrikesQuery,
  ZClusterStrikesResponse,
  ZMapImageQuery,
  ZMapProductParams,
  ZMapStyleParams,
  ZMapUrl,
  ZMapUrlQuery,
  ZNwsAlertsResponse,
  ZOptionalViewportQuery,
  ZRadarFrames,
  ZRadarFramesQuery,
  ZRadarType,
  ZRadarWmsQuery,
  ZStormVectorsResponse,
  ZStrikesQuery,
  ZStrikesResponse,
  ZTileParams,
  ZTropicalForecast,
} from '../map.ts';
import {
  ZAuditEvent,
  ZAuditQuery,
  ZDeadLetter,
  ZNotification,
  ZNotificationChannels,
  ZNotificationHistoryQuery,
  ZPushSubscription,
} from '../notifications.ts';
import {
  ZAirQualityCategory,
  ZAirQualitySensorRow,
  ZLocationAirQuality,
  ZObservationCustomRangeQuery,
  ZObservationForLocation,
  ZObservationHistoryPoint,
  ZObservationHistoryQuery,
  ZPointObservation,
  ZPointObservationQuery,
  ZStation,
  ZStationData,
  ZStationHistoryParams,
  ZStationImageLastModified,
} from '../observations.ts';
import {
  ZConditionSnapshot,
  ZEvapotranspiration,
  ZEvapotranspirationQuery,
  ZExportParams,
  ZExportRangeQuery,
  ZHistoricalStation,
  ZReportFileParam,
  ZReportIdParam,
  ZReportJob,
  ZReportOptions,
  ZReportRequest,
  ZStationHistory,
} from '../history.ts';
import {
  ZNotificationUserIdParam,
  ZOrganizationLocation,
  ZOrganizationLocationSite,
  ZOrganizationLocationSiteAdd,
  ZUserUuidParam,
} from '../organization-locations.ts';
import { ZPolicy, ZPolicyInput, ZPolicyType, ZPolicyUpdate } from '../policies.ts';
import { ZRole } from '../roles.ts';
import { ZSite, ZSiteAdd, ZSiteUpdate } from '../sites.ts';
import {
  ZCreateProactiveForecast,
  ZCreatedProactiveForecasts,
  ZNwsAdvisories,
  ZNwsAdvisoryDetails,
  ZPolicyWarnings,
  ZProactiveForecastMessage,
  ZProactiveForecasts,
  ZThreatForecast,
  ZThreats,
} from '../threats.ts';
import {
  ZCurrentUser,
  ZEmailSubscriptions,
  ZNotificationUser,
  ZNotificationUserAdd,
  ZNotificationUserUpdate,
  ZSendActivateEmailQuery,
  ZUnsubscribeQuery,
  ZUser,
  ZUserAdd,
  ZUserDemote,
  ZUserPageQuery,
  ZUserPromote,
  ZUserRolesQuery,
  ZUserUpdate,
} from '../users.ts';
import {
  ZAlertTimesUpdate,
  ZConsultationRequest,
  ZNotificationSettings,
  ZNotificationSettingsUpdate,
  ZPasswordChange,
  ZProfileUpdate,
  ZUserAlertTimes,
  ZUserNotificationsUpdate,
} from '../account.ts';
import { endpoints, type AnswerKind, type Endpoint, type EndpointKey } from './endpoints.ts';

export { endpoints, pathOf, type AnswerKind, type Endpoint, type EndpointKey } from './endpoints.ts';

/** Statuses a call may answer besides 200 and the standard 400, 401, 403 and 404. */
// 502 and 504: a device (relay board, siren) that did not answer (issue 16)
export type ExtraErrorStatus = 409 | 502 | 503 | 504;

interface RouteSpecBase {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  tags: readonly string[];
  summary?: string;
  description?: string;
  /** Reached without our bearer token (MapLibre, <img>): OpenAPI `security: []`. */
  public?: boolean;
  /** Left out of the OpenAPI document. */
  hide?: boolean;
  errors?: readonly ExtraErrorStatus[];
}

type AnswerOf<E> = E extends { answer: infer A extends AnswerKind } ? A : 'data';

/** What `route()` takes for an endpoint: a response schema exactly when the answer is JSON. */
export type RouteSpec<E extends Endpoint> = RouteSpecBase &
  (AnswerOf<E> extends 'data' | 'json' ? { response: z.ZodType } : { response?: never });

/** One entry of the table. */
export type RouteDef<E extends Endpoint, S extends RouteSpecBase = RouteSpecBase> = S & {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly answer: AnswerOf<E>;
};

/** Any entry of the table, as the server's `register()` reads it. */
export interface AnyRoute extends RouteSpecBase {
  readonly method: Endpoint['method'];
  readonly path: string;
  readonly answer: AnswerKind;
  readonly response?: z.ZodType;
}

/** A table entry: the endpoint with its schemas. */
export function route<const E extends Endpoint, const S extends RouteSpec<E>>(
  endpoint: E,
  spec: S,
): RouteDef<E, S> {
  const answer = (endpoint.answer ?? 'data') as AnswerOf<E>;
  return { ...spec, method: endpoint.method, path: endpoint.path, answer };
}

const text = z.string();

export const routes = {
  // ── users and customers
  userCurrent: route(endpoints.userCurrent, { tags: ['users'], response: ZCurrentUser }),
  userRoles: route(endpoints.userRoles, { tags: ['users'], response: z.array(ZRole) }),
  customerList: route(endpoints.customerList, { tags: ['customers'], response: z.array(ZCustomer) }),
  customerGet: route(endpoints.customerGet, { tags: ['customers'], params: ZIdParam, response: ZCustomer }),

  // ── users and notification-only contacts (issue 14)
  userListForCustomer: route(endpoints.userListForCustomer, {
    tags: ['users'],
    summary: "The caller's customer's users (an Assistant Admin's: their group's), by first name",
    description: 'With `limit`, one page from `offset`; the Users page reads every page of a longer list.',
    query: ZUserPageQuery,
    response: z.array(ZUser),
  }),
  userListByRoles: route(endpoints.userListByRoles, {
    tags: ['users'],
    summary: "The caller's customer's users of the given roles (spec 02 §7 'List admin users by role')",
    body: ZUserRolesQuery,
    response: z.array(ZUser),
  }),
  userAdd: route(endpoints.userAdd, {
    tags: ['users'],
    summary: 'A new full user; the invite to set a password is e-mailed',
    body: ZUserAdd,
    response: ZUser,
  }),
  userUpdate: route(endpoints.userUpdate, { tags: ['users'], body: ZUserUpdate, response: ZUser }),
  userDelete: route(endpoints.userDelete, { tags: ['users'], params: ZUserUuidParam, response: text }),
  userDemote: route(endpoints.userDemote, {
    tags: ['users'],
    summary: 'A full user becomes a notification-only contact; their locations and settings are removed',
    body: ZUserDemote,
    response: ZNotificationUser,
  }),
  userPromote: route(endpoints.userPromote, {
    tags: ['users'],
    summary: 'A notification-only contact becomes a full user; the invite to set a password is e-mailed',
    body: ZUserPromote,
    response: ZUser,
  }),
  notificationUserList: route(endpoints.notificationUserList, {
    tags: ['users'],
    query: ZUserPageQuery,
    response: z.array(ZNotificationUser),
  }),
  notificationUserAdd: route(endpoints.notificationUserAdd, {
    tags: ['users'],
    body: ZNotificationUserAdd,
    response: ZNotificationUser,
  }),
  notificationUserUpdate: route(endpoints.notificationUserUpdate, {
    tags: ['users'],
    body: ZNotificationUserUpdate,
    response: ZNotificationUser,
  }),
  notificationUserDelete: route(endpoints.notificationUserDelete, {
    tags: ['users'],
    params: ZNotificationUserIdParam,
    response: text,
  }),
  notificationUserEmailSubscriptions: route(endpoints.notificationUserEmailSubscriptions, {
    tags: ['users'],
    params: ZNotificationUserIdParam,
    response: ZEmailSubscriptions,
  }),
  notificationUserUnsubscribePage: route(endpoints.notificationUserUnsubscribePage, {
    tags: ['users'],
    summary: "The page of a contact's unsubscribe link: a button that unsubscribes",
    public: true,
    query: ZUnsubscribeQuery,
  }),
  notificationUserUnsubscribe: route(endpoints.notificationUserUnsubscribe, {
    tags: ['users'],
    summary: 'One-click unsubscribe (RFC 8058): alert e-mails to the contact stop at once',
    description:
      'The `List-Unsubscribe` URL of every e-mail to a notification-only contact, posted with `List-Unsubscribe=One-Click`.',
    public: true,
    query: ZUnsubscribeQuery,
  }),
  accountSendActivateEmail: route(endpoints.accountSendActivateEmail, {
    tags: ['users'],
    summary: "Sends a user's invite (a new link to set their password) again",
    query: ZSendActivateEmailQuery,
    response: text,
  }),

  // ── locations
  locationList: route(endpoints.locationList, { tags: ['locations'], response: z.array(ZLocation) }),
  locationListForUser: route(endpoints.locationListForUser, {
    tags: ['locations'],
    params: ZUserIdParam,
    response: z.array(ZLocation),
  }),
  locationAdd: route(endpoints.locationAdd, {
    tags: ['locations'],
    body: ZLocationInput,
    /** `returnlocation: false` answers without the saved location. */
    headers: z.object({ returnlocation: z.string().optional() }),
    response: ZLocationAddResult,
  }),
  locationUpdate: route(endpoints.locationUpdate, {
    tags: ['locations'],
    body: ZLocationInput,
    response: text,
  }),
  locationSetForecastLocation: route(endpoints.locationSetForecastLocation, {
    tags: ['locations'],
    params: ZIdParam,
    body: ZForecastLocationBody,
    response: text,
  }),
  locationReplacePreloaded: route(endpoints.locationReplacePreloaded, {
    tags: ['locations'],
    params: ZUserIdParam,
    body: ZPreloadLocations,
    response: text,
  }),
  locationDelete: route(endpoints.locationDelete, { tags: ['locations'], params: ZIdParam, response: text }),
  locationHasCoverage: route(endpoints.locationHasCoverage, {
    tags: ['locations'],
    params: ZCoverageParams,
    response: z.boolean(),
  }),
  locationAddWarning: route(endpoints.locationAddWarning, {
    tags: ['locations'],
    query: ZLocationAddWarningQuery,
    response: ZLocationAddWarning,
  }),
  locationLightningPolicies: route(endpoints.locationLightningPolicies, {
    tags: ['locations'],
    response: z.array(ZLightningPolicy),
  }),

  // ── geocoding
  geocodeAutocomplete: route(endpoints.geocodeAutocomplete, {
    tags: ['geocoding'],
    query: ZGeocodeQuery,
    response: z.array(ZGeocodeSuggestion),
  }),
  geocodeSearch: route(endpoints.geocodeSearch, {
    tags: ['geocoding'],
    query: ZGeocodeQuery,
    response: z.array(ZGeocodeSuggestion),
  }),
  geocodeReverse: route(endpoints.geocodeReverse, {
    tags: ['geocoding'],
    query: ZReverseGeocodeQuery,
    response: ZGeocodeSuggestion.nullable(),
  }),

  // ── organisation locations
  organizationLocationList: route(endpoints.organizationLocationList, {
    tags: ['organization locations'],
    response: z.array(ZOrganizationLocation),
  }),
  organizationLocationForCustomer: route(endpoints.organizationLocationForCustomer, {
    tags: ['organization locations'],
    params: ZIdParam,
    response: z.array(ZOrganizationLocation),
  }),
  organizationLocationForUser: route(endpoints.organizationLocationForUser, {
    tags: ['organization locations'],
    params: ZUserUuidParam,
    response: z.array(ZOrganizationLocation),
  }),
  organizationLocationForNotificationUser: route(endpoints.organizationLocationForNotificationUser, {
    tags: ['organization locations'],
    params: ZNotificationUserIdParam,
    response: z.array(ZOrganizationLocation),
  }),
  organizationLocationSites: route(endpoints.organizationLocationSites, {
    tags: ['organization locations'],
    params: ZIdParam,
    response: z.array(ZOrganizationLocationSite),
  }),
  organizationLocationSiteAdd: route(endpoints.organizationLocationSiteAdd, {
    tags: ['organization locations'],
    body: ZOrganizationLocationSiteAdd,
    response: ZOrganizationLocationSite,
    errors: [409],
  }),
  organizationLocationSiteDelete: route(endpoints.organizationLocationSiteDelete, {
    tags: ['organization locations'],
    params: ZIdParam,
    response: text,
  }),

  // ── user groups
  siteList: route(endpoints.siteList, { tags: ['groups'], response: z.array(ZSite) }),
  siteListForCurrentUser: route(endpoints.siteListForCurrentUser, {
    tags: ['groups'],
    response: z.array(ZSite),
  }),
  siteGet: route(endpoints.siteGet, { tags: ['groups'], params: ZIdParam, response: ZSite }),
  siteAdd: route(endpoints.siteAdd, { tags: ['groups'], body: ZSiteAdd, response: ZSite }),
  siteUpdate: route(endpoints.siteUpdate, { tags: ['groups'], body: ZSiteUpdate, response: ZSite }),
  siteDelete: route(endpoints.siteDelete, { tags: ['groups'], params: ZIdParam, response: text }),

  // ── policies (issue 14)
  policyList: route(endpoints.policyList, { tags: ['policies'], response: z.array(ZPolicy) }),
  policyListForCurrentSite: route(endpoints.policyListForCurrentSite, {
    tags: ['policies'],
    summary: "The policies of the caller's own user group",
    response: z.array(ZPolicy),
  }),
  policyListForCustomer: route(endpoints.policyListForCustomer, {
    tags: ['policies'],
    params: ZIdParam,
    response: z.array(ZPolicy),
  }),
  policyListForUser: route(endpoints.policyListForUser, {
    tags: ['policies'],
    summary: "The policies of a user's group",
    params: ZUserUuidParam,
    response: z.array(ZPolicy),
  }),
  policyListForSite: route(endpoints.policyListForSite, {
    tags: ['policies'],
    params: ZIdParam,
    response: z.array(ZPolicy),
  }),
  policyTypes: route(endpoints.policyTypes, { tags: ['policies'], response: z.array(ZPolicyType) }),
  policyAdd: route(endpoints.policyAdd, { tags: ['policies'], body: ZPolicyInput, response: ZPolicy }),
  policyUpdate: route(endpoints.policyUpdate, { tags: ['policies'], body: ZPolicyUpdate, response: ZPolicy }),
  policyDelete: route(endpoints.policyDelete, { tags: ['policies'], params: ZIdParam, response: text }),

  // ── notifications and audit
  notificationHistory: route(endpoints.notificationHistory, {
    tags: ['notifications'],
    query: ZNotificationHistoryQuery,
    response: z.array(ZNotification),
  }),
  notificationChannels: route(endpoints.notificationChannels, {
    tags: ['notifications'],
    response: ZNotificationChannels,
  }),
  ingestStatus: route(endpoints.ingestStatus, {
    tags: ['notifications'],
    summary: 'Whether alerts are held back by a database outage (admin roles)',
    response: ZIngestStatus,
  }),
  pushSubscriptionSave: route(endpoints.pushSubscriptionSave, {
    tags: ['notifications'],
    body: ZPushSubscription,
    response: text,
  }),
  pushSubscriptionPublicKey: route(endpoints.pushSubscriptionPublicKey, {
    tags: ['notifications'],
    response: z.string().nullable(),
  }),
  auditLocation: route(endpoints.auditLocation, {
    tags: ['notifications'],
    params: ZIdParam,
    query: ZAuditQuery,
    response: z.array(ZAuditEvent),
  }),
  auditDeadLetters: route(endpoints.auditDeadLetters, {
    tags: ['notifications'],
    query: ZAuditQuery,
    response: z.array(ZDeadLetter),
  }),

  // ── the signed-in user's own account (issue 15)
  userProfileSave: route(endpoints.userProfileSave, {
    tags: ['account'],
    summary: "Saves the caller's own name and phone number (My Profile)",
    body: ZProfileUpdate,
    response: ZCurrentUser,
  }),
  accountChangePassword: route(endpoints.accountChangePassword, {
    tags: ['account'],
    summary:
      "Changes the caller's password (identity service): every other session of theirs ends, and they are e-mailed a notice",
    body: ZPasswordChange,
    response: text,
  }),
  settingsNotificationsGet: route(endpoints.settingsNotificationsGet, {
    tags: ['account'],
    response: ZNotificationSettings,
  }),
  settingsNotificationsSave: route(endpoints.settingsNotificationsSave, {
    tags: ['account'],
    summary:
      "Saves the caller's alert types, notification type, alert mode and time zone; answers the message to show",
    body: ZNotificationSettingsUpdate,
    response: text,
  }),
  settingsAlertTimesGet: route(endpoints.settingsAlertTimesGet, {
    tags: ['account'],
    response: ZUserAlertTimes,
  }),
  settingsAlertTimesSave: route(endpoints.settingsAlertTimesSave, {
    tags: ['account'],
    summary: "Replaces the caller's weekly notification schedule; answers the message to show",
    body: ZAlertTimesUpdate,
    response: text,
  }),
  userNotificationsSave: route(endpoints.userNotificationsSave, {
    tags: ['account'],
    summary: "The caller's enable-notifications toggle and channels; answers the message to show",
    body: ZUserNotificationsUpdate,
    response: text,
  }),
  supportRequest: route(endpoints.supportRequest, {
    tags: ['account'],
    summary:
      "Sends a question to the meteorologists' desk (Ask a Meteorologist); answers the success message with its reference",
    body: ZConsultationRequest,
    response: text,
  }),
  streamNotifications: route(endpoints.streamNotifications, {
    tags: ['stream'],
    description:
      "Server-sent events: a 'notification' event (ZNotificationStreamEvent) whenever a notification is sent to the caller; a comment every 15 s.",
  }),

  // ── observations
  observationForLocation: route(endpoints.observationForLocation, {
    tags: ['observations'],
    params: ZIdParam,
    response: ZObservationForLocation,
  }),
  observationAtPoint: route(endpoints.observationAtPoint, {
    tags: ['observations'],
    query: ZPointObservationQuery,
    response: ZPointObservation,
  }),
  observationAtPointPost: route(endpoints.observationAtPointPost, {
    tags: ['observations'],
    query: ZPointObservationQuery,
    response: ZPointObservation,
  }),
  observationHistory: route(endpoints.observationHistory, {
    tags: ['observations'],
    params: ZIdParam,
    query: ZObservationHistoryQuery,
    response: z.array(ZObservationHistoryPoint),
  }),
  observationStationHistory: route(endpoints.observationStationHistory, {
    tags: ['station history'],
    summary: "A station's history: Day hourly, Week and Month daily (local days) (spec 03 §2.4)",
    public: true,
    params: ZStationHistoryParams,
    response: ZStationHistory,
  }),
  observationStationHistoryCustom: route(endpoints.observationStationHistoryCustom, {
    tags: ['station history'],
    summary:
      'A custom range of at most 90 days, ending before now: hourly up to 3 days, daily beyond (spec 03 §5)',
    public: true,
    params: ZIdParam,
    query: ZObservationCustomRangeQuery,
    response: ZStationHistory,
  }),

  // ── station history, exports and reports (issue 17)
  historicalStation: route(endpoints.historicalStation, {
    tags: ['station history'],
    summary: "The station page's station, current conditions and what the caller may do (spec 03 §2.4, §6)",
    description:
      'Public: a signed-in caller sends the bearer token; an anonymous visitor sees a station where spec 03 §6 allows (its customer on TRIAL), else 404.',
    public: true,
    params: ZIdParam,
    response: ZHistoricalStation,
  }),
  observationEvapotranspiration: route(endpoints.observationEvapotranspiration, {
    tags: ['station history'],
    summary: 'Reference ET per local day (inches): the last 3 or 7 days, or a range of at most 14 days',
    public: true,
    params: ZIdParam,
    query: ZEvapotranspirationQuery,
    response: ZEvapotranspiration,
  }),
  observationConditionSnapshots: route(endpoints.observationConditionSnapshots, {
    tags: ['station history'],
    summary: "The station's readings, one an hour, with the strikes within 10 miles (at most 7 days)",
    public: true,
    params: ZIdParam,
    query: ZExportRangeQuery,
    response: z.array(ZConditionSnapshot),
  }),
  observationExport: route(endpoints.observationExport, {
    tags: ['station history'],
    summary: 'Simple export, CSV streamed: Daily (at most 180 days) or Hourly (31 days) (spec 03 §7, §9)',
    public: true,
    params: ZExportParams,
    query: ZExportRangeQuery,
  }),
  observationExportConditionSnapshots: route(endpoints.observationExportConditionSnapshots, {
    tags: ['station history'],
    summary: 'Simple export of condition snapshots, CSV streamed (at most 7 days)',
    public: true,
    params: ZIdParam,
    query: ZExportRangeQuery,
  }),
  reportOptions: route(endpoints.reportOptions, {
    tags: ['reports'],
    summary: "The Export Data modal's stations (no OWS) and recipients",
    response: ZReportOptions,
  }),
  reportGenerate: route(endpoints.reportGenerate, {
    tags: ['reports'],
    summary:
      'Queues a report (CSV and XLSX), e-mailed to the requester and the recipients (spec 03 §7 Reports)',
    body: ZReportRequest,
    response: ZReportJob,
  }),
  reportGet: route(endpoints.reportGet, {
    tags: ['reports'],
    summary: "A report job's progress and result",
    params: ZReportIdParam,
    response: ZReportJob,
  }),
  reportRetry: route(endpoints.reportRetry, {
    tags: ['reports'],
    summary: 'Queues a failed report again',
    params: ZReportIdParam,
    response: ZReportJob,
  }),
  reportDownload: route(endpoints.reportDownload, {
    tags: ['reports'],
    summary: 'A report file, by the signed link of its e-mail (valid 7 days)',
    public: true,
    params: ZReportFileParam,
    query: ZSignedUrlQuery,
  }),

  // ── threats, advisories, proactive forecasts
  threats: route(endpoints.threats, { tags: ['threats'], params: ZIdParam, response: ZThreats }),
  observationViolations: route(endpoints.observationViolations, {
    tags: ['threats'],
    params: ZIdParam,
    response: ZPolicyWarnings,
  }),
  policyWarnings: route(endpoints.policyWarnings, {
    tags: ['threats'],
    params: ZIdParam,
    response: ZPolicyWarnings,
  }),
  threatForecast: route(endpoints.threatForecast, {
    tags: ['threats'],
    params: ZIdParam,
    response: ZThreatForecast,
  }),
  advisoryList: route(endpoints.advisoryList, {
    tags: ['advisories'],
    params: ZIdParam,
    response: ZNwsAdvisories,
  }),
  advisoryDetails: route(endpoints.advisoryDetails, {
    tags: ['advisories'],
    params: ZIdParam,
    response: ZNwsAdvisoryDetails,
  }),
  proactiveForecastsForLocation: route(endpoints.proactiveForecastsForLocation, {
    tags: ['proactive forecasts'],
    params: ZLocationIdParam,
    response: ZProactiveForecasts,
  }),
  proactiveForecastMessage: route(endpoints.proactiveForecastMessage, {
    tags: ['proactive forecasts'],
    params: ZIdParam,
    response: ZProactiveForecastMessage,
  }),
  proactiveForecastCreate: route(endpoints.proactiveForecastCreate, {
    tags: ['proactive forecasts'],
    body: ZCreateProactiveForecast,
    response: ZCreatedProactiveForecasts,
  }),

  // ── air quality
  airQualitySensors: route(endpoints.airQualitySensors, {
    tags: ['air quality'],
    response: z.array(ZAirQualitySensorRow),
  }),
  airQualityCategories: route(endpoints.airQualityCategories, {
    tags: ['air quality'],
    response: z.array(ZAirQualityCategory),
  }),
  airQualityForLocation: route(endpoints.airQualityForLocation, {
    tags: ['air quality'],
    params: ZIdParam,
    response: ZLocationAirQuality,
  }),

  // ── forecasts
  forecastToday: route(endpoints.forecastToday, {
    tags: ['forecasts'],
    params: ZIdParam,
    response: ZTodayForecast,
  }),
  forecastHourly: route(endpoints.forecastHourly, {
    tags: ['forecasts'],
    params: ZIdParam,
    query: ZHourlyForecastQuery,
    response: ZHourlyForecast,
  }),
  forecastTodayHourlyAtPoint: route(endpoints.forecastTodayHourlyAtPoint, {
    tags: ['forecasts'],
    query: ZForecastPointQuery,
    response: ZHourlyForecast,
  }),
  forecastTodayHourly: route(endpoints.forecastTodayHourly, {
    tags: ['forecasts'],
    params: ZIdParam,
    response: ZHourlyForecast,
  }),
  forecastDaily: route(endpoints.forecastDaily, {
    tags: ['forecasts'],
    params: ZIdParam,
    response: ZDailyForecast,
  }),

  // ── weather stations
  weatherStationByHardware: route(endpoints.weatherStationByHardware, {
    tags: ['weather stations'],
    params: ZIdParam,
    response: ZStation,
  }),
  weatherStation: route(endpoints.weatherStation, {
    tags: ['weather stations'],
    params: ZIdParam,
    response: ZStation,
  }),
  weatherStationData: route(endpoints.weatherStationData, {
    tags: ['weather stations'],
    params: ZIdParam,
    response: ZStationData,
  }),
  weatherStationImageLastModified: route(endpoints.weatherStationImageLastModified, {
    tags: ['weather stations'],
    params: ZIdParam,
    response: ZStationImageLastModified,
  }),
  weatherStationImage: route(endpoints.weatherStationImage, {
    tags: ['weather stations'],
    params: ZIdParam,
    query: ZSignedUrlQuery,
  }),

  // ── on-site hardware (issue 16)
  hardwareList: route(endpoints.hardwareList, {
    tags: ['hardware'],
    summary: "The caller's customer's units with their siren, station, relays, PA units, health and state",
    response: z.array(ZHardware),
  }),
  hardwareGet: route(endpoints.hardwareGet, { tags: ['hardware'], params: ZIdParam, response: ZHardware }),
  hardwareAudit: route(endpoints.hardwareAudit, {
    tags: ['hardware'],
    summary: "A unit's audit: who did what, when, why, and what the device answered (newest first)",
    params: ZIdParam,
    response: z.array(ZHardwareAuditEntry),
  }),
  sirenGet: route(endpoints.sirenGet, {
    tags: ['hardware'],
    summary: 'The siren of a unit (by hardware id), with the settings it last reported holding',
    params: ZIdParam,
    response: ZSirenDetail,
  }),
  sirenSettingsUpdate: route(endpoints.sirenSettingsUpdate, {
    tags: ['hardware'],
    description:
      'Saves the settings and pushes them to the siren over MQTT; answers once the siren acknowledged them, 504 when it did not within its window (the settings stay saved and are pushed again when it next reports).',
    body: ZSirenSettingsInput,
    response: ZSirenDetail,
    errors: [504],
  }),
  sirenList: route(endpoints.sirenList, { tags: ['hardware'], response: z.array(ZSirenSummary) }),
  sirenTestDelay: route(endpoints.sirenTestDelay, {
    tags: ['hardware'],
    description:
      'An MQTT command to each siren; each succeeded when the siren acknowledged it within its window.',
    body: ZSirenIdList,
    response: ZSirenCommandResult,
  }),
  sirenTestAllClear: route(endpoints.sirenTestAllClear, {
    tags: ['hardware'],
    body: ZSirenIdList,
    response: ZSirenCommandResult,
  }),
  sirenTestLight: route(endpoints.sirenTestLight, {
    tags: ['hardware'],
    body: ZSirenIdList,
    response: ZSirenCommandResult,
  }),
  sirenTurnOff: route(endpoints.sirenTurnOff, {
    tags: ['hardware'],
    body: ZSirenIdList,
    response: ZSirenCommandResult,
  }),
  hardwareDisable: route(endpoints.hardwareDisable, {
    tags: ['hardware'],
    body: ZHardwareToggleInput,
    response: ZHardware,
  }),
  hardwareEnable: route(endpoints.hardwareEnable, {
    tags: ['hardware'],
    body: ZHardwareToggleInput,
    response: ZHardware,
  }),
  sirenDisable: route(endpoints.sirenDisable, {
    tags: ['hardware'],
    body: ZHardwareToggleInput,
    response: ZHardware,
  }),
  sirenEnable: route(endpoints.sirenEnable, {
    tags: ['hardware'],
    body: ZHardwareToggleInput,
    response: ZHardware,
  }),
  remoteRelayList: route(endpoints.remoteRelayList, {
    tags: ['hardware'],
    description:
      "Reads the relay board at a unit's configured address (no other address is reached); 502 when it does not answer.",
    params: ZIpAddressParam,
    response: z.array(ZRemoteRelay),
    errors: [502],
  }),
  remoteRelaySet: route(endpoints.remoteRelaySet, {
    tags: ['hardware'],
    body: ZSetRelayInput,
    params: ZIpAddressParam,
    response: ZRemoteRelay,
    errors: [502],
  }),
  paUnitList: route(endpoints.paUnitList, { tags: ['public address'], response: z.array(ZPaUnit) }),
  paSendMessage: route(endpoints.paSendMessage, {
    tags: ['public address'],
    description: 'An MQTT message to each PA unit; status 1 when the unit acknowledged it within its window.',
    body: ZPaSendInput,
    response: z.array(ZPaResult),
  }),
  paStoredMessageList: route(endpoints.paStoredMessageList, {
    tags: ['public address'],
    response: z.array(ZStoredPaMessage),
  }),
  paStoredMessageAdd: route(endpoints.paStoredMessageAdd, {
    tags: ['public address'],
    body: ZStoredPaMessageInput,
    response: ZStoredPaMessage,
  }),
  paStoredMessageUpdate: route(endpoints.paStoredMessageUpdate, {
    tags: ['public address'],
    body: ZStoredPaMessageUpdate,
    response: ZStoredPaMessage,
  }),
  paStoredMessageDelete: route(endpoints.paStoredMessageDelete, {
    tags: ['public address'],
    params: ZIdParam,
    response: z.boolean(),
  }),
  drillList: route(endpoints.drillList, { tags: ['hardware'], response: z.array(ZDrill) }),
  drillAdd: route(endpoints.drillAdd, { tags: ['hardware'], body: ZDrillInput, response: ZDrill }),
  drillDelete: route(endpoints.drillDelete, { tags: ['hardware'], params: ZIdParam, response: z.boolean() }),
  simSiren: route(endpoints.simSiren, {
    tags: ['simulator'],
    summary:
      'Makes a virtual siren stop (or resume) acknowledging its commands (simulator mode, Super Admin)',
    params: ZIdParam,
    body: ZSimSirenInput,
    response: ZSimDeviceState,
  }),
  simRelayBoard: route(endpoints.simRelayBoard, {
    tags: ['simulator'],
    summary: 'Takes a virtual relay board off line (or back) (simulator mode, Super Admin)',
    params: ZIpAddressParam,
    body: ZSimRelayBoardInput,
    response: ZSimDeviceState,
  }),
  streamHardware: route(endpoints.streamHardware, {
    tags: ['stream'],
    description:
      "Server-sent events: a 'hardware' event (ZHardwareStreamEvent) whenever a unit of the caller's customer reports (telemetry, an acknowledgement, a reading) or is changed; a comment every 15 s.",
  }),

  // ── heat stress
  workRestForOrganizationLocation: route(endpoints.workRestForOrganizationLocation, {
    tags: ['heat-stress'],
    params: ZOrganizationLocationIdParam,
    response: ZWorkRestProfile.nullable(),
  }),
  riskProfile: route(endpoints.riskProfile, {
    tags: ['heat-stress'],
    params: ZIdParam,
    response: ZRiskProfile,
  }),

  // ── lightning
  lightningDelay: route(endpoints.lightningDelay, {
    tags: ['lightning'],
    params: ZIdParam,
    response: ZLightningDelay,
  }),
  lightningStatus: route(endpoints.lightningStatus, {
    tags: ['lightning'],
    params: ZIdParam,
    response: ZLightningLocationStatus,
  }),
  lightningThreatCounts: route(endpoints.lightningThreatCounts, {
    tags: ['lightning'],
    response: ZLightningThreatCounts,
  }),

  // ── simulator scenarios
  simStrikes: route(endpoints.simStrikes, {
    tags: ['simulator'],
    description:
      'Taken during a database outage too (journalled, applied when it answers); 503 with Retry-After only when the journal is full.',
    body: ZSimStrikesRequest,
    response: z.array(ZSimStrike),
    errors: [503],
  }),
  simStorms: route(endpoints.simStorms, { tags: ['simulator'], body: ZSimStormRequest, response: ZSimStorm }),

  // ── map service, signed in
  mapClusterStrikes: route(endpoints.mapClusterStrikes, {
    tags: ['map'],
    summary: 'Strike clusters (Count, Age) or single strikes of the viewport',
    query: ZClusterStrikesQuery,
    response: ZClusterStrikesResponse,
  }),
  mapStrikes: route(endpoints.mapStrikes, {
    tags: ['map'],
    summary: 'Strikes of the last 30 minutes in the viewport',
    query: ZStrikesQuery,
    response: ZStrikesResponse,
  }),
  mapStormVectors: route(endpoints.mapStormVectors, {
    tags: ['map'],
    summary: 'Storm-cell vectors (spec 01 §3)',
    query: ZOptionalViewportQuery,
    response: ZStormVectorsResponse,
  }),
  mapTropicalForecast: route(endpoints.mapTropicalForecast, {
    tags: ['map'],
    summary: 'Active tropical systems',
    response: ZTropicalForecast,
  }),
  mapAlertsByPoint: route(endpoints.mapAlertsByPoint, {
    tags: ['map'],
    summary: 'NWS alerts in force containing a point',
    query: ZAlertsByPointQuery,
    response: ZNwsAlertsResponse,
  }),
  mapAlerts: route(endpoints.mapAlerts, {
    tags: ['map'],
    summary: 'Every NWS alert in force (NWS Alerts overlay)',
    query: ZOptionalViewportQuery,
    response: ZNwsAlertsResponse,
  }),
  mapProductUrl: route(endpoints.mapProductUrl, {
    tags: ['map'],
    summary: 'Where to fetch a map product',
    query: ZMapUrlQuery,
    response: ZMapUrl,
  }),
  mapRadarFrames: route(endpoints.mapRadarFrames, {
    tags: ['map'],
    summary: 'Radar frame list ({radarType})',
    params: z.object({ radarType: ZRadarType }),
    query: ZRadarFramesQuery,
    response: ZRadarFrames,
  }),

  // ── map service, public
  mapRadarWms: route(endpoints.mapRadarWms, {
    tags: ['map'],
    public: true,
    summary: 'Radar frame image ({radarType}), EPSG:3857 bbox',
    params: z.object({ radarType: ZRadarType }),
    query: ZRadarWmsQuery,
  }),
  mapRadarTile: route(endpoints.mapRadarTile, {
    tags: ['map'],
    public: true,
    summary: 'Radar frame tile ({radarType}), XYZ',
    params: ZTileParams.extend({ radarType: ZRadarType }),
    query: ZMapImageQuery,
  }),
  mapBasemapTile: route(endpoints.mapBasemapTile, {
    tags: ['map'],
    public: true,
    summary: 'Offline base-map vector tile (MVT)',
    params: ZTileParams,
  }),
  mapSatelliteTile: route(endpoints.mapSatelliteTile, {
    tags: ['map'],
    public: true,
    summary: 'Simulated infrared satellite tile',
    params: ZTileParams,
    query: ZMapImageQuery,
  }),
  mapStyle: route(endpoints.mapStyle, {
    tags: ['map'],
    public: true,
    summary: 'MapLibre style: dark.json, light.json, satellite.json',
    params: ZMapStyleParams,
  }),
  mapProduct: route(endpoints.mapProduct, {
    tags: ['map'],
    public: true,
    summary: 'Product GeoJSON (the url?product= answer)',
    params: ZMapProductParams,
    query: ZMapImageQuery,
  }),

  // ── stream service
  streamLightning: route(endpoints.streamLightning, {
    tags: ['stream'],
    description:
      "Server-sent events: a 'lightning' event (ZLightningStreamEvent) whenever a visible location's zone enters delay, is extended or clears; a comment every 15 s.",
  }),

  // ── dev service
  devFaultList: route(endpoints.devFaultList, { tags: ['dev'], hide: true, response: z.array(ZFault) }),
  devFaultAdd: route(endpoints.devFaultAdd, {
    tags: ['dev'],
    hide: true,
    body: ZFaultInput,
    response: ZFault,
  }),
  devFaultClear: route(endpoints.devFaultClear, {
    tags: ['dev'],
    hide: true,
    query: ZFaultClearQuery,
    response: ZFaultsRemoved,
  }),
  devFaultRemove: route(endpoints.devFaultRemove, {
    tags: ['dev'],
    hide: true,
    params: ZFaultIdParam,
    response: ZFaultsRemoved,
  }),
  devOutboxJson: route(endpoints.devOutboxJson, {
    tags: ['dev'],
    hide: true,
    response: z.array(ZOutboxMessage),
  }),
  devOutboxPage: route(endpoints.devOutboxPage, { tags: ['dev'], hide: true }),
} satisfies { [K in EndpointKey]: RouteDef<(typeof endpoints)[K]> };

export type Routes = typeof routes;
export type RouteKey = keyof Routes;

/** Keys of the calls that answer JSON: the ones the web's `call()` takes. */
export type JsonRouteKey = {
  [K in RouteKey]: Routes[K]['answer'] extends 'data' | 'json' ? K : never;
}[RouteKey];

// ── types of a call's arguments and answer, inferred from its schemas

/**
 * A params or query object as the caller gives it: each field's input type, except where the schema
 * coerces from text (input `unknown`), which takes the parsed type (`id: number`, not `unknown`).
 */
type Wire<S extends z.ZodType> =
  z.input<S> extends object
    ? {
        [K in keyof z.input<S>]: unknown extends z.input<S>[K]
          ? K extends keyof z.output<S>
            ? z.output<S>[K]
            : unknown
          : z.input<S>[K];
      }
    : z.input<S>;

/** `{ name: T }`, optional when every field of T is. */
type Slot<Name extends string, T> = Partial<T> extends T ? { [K in Name]?: T } : { [K in Name]: T };

type SlotOf<R, Field extends string, T> = R extends { [K in Field]: z.ZodType } ? Slot<Field, T> : unknown;

type SchemaOf<R, Field extends string> = R extends { [K in Field]: infer S extends z.ZodType } ? S : never;

/** The arguments of a call: `{ params, query, body, headers }`, each present when the route has it. */
export type RouteArgs<R> = SlotOf<R, 'params', Wire<SchemaOf<R, 'params'>>> &
  SlotOf<R, 'query', Wire<SchemaOf<R, 'query'>>> &
  SlotOf<R, 'body', z.input<SchemaOf<R, 'body'>>> &
  SlotOf<R, 'headers', z.input<SchemaOf<R, 'headers'>>>;

/** What a call answers: the `data` of a `{ data }` answer, or the body of a 'json' one. */
export type RouteData<R> = R extends { response: infer S extends z.ZodType } ? z.output<S> : never;
