// Every call we serve under /api, /map, /stream and /dev: its method and full path (path params as
// `:name`), and how it answers when that is not the `{ data }` envelope. No zod here: the web's first
// download carries this table; the schemas of each call are in ./table.ts, which the server registers
// from and the web loads only in development and tests. Not listed: the identity service (/identity:
// the OpenID provider and our sign-in pages and user-info endpoint in front of it, whose shapes OpenID
// Connect fixes), /api/docs, /healthz, /readyz and the SPA's files.

/** How a call answers: 'data' (default) the `{ data }` envelope; 'json' bare JSON (GeoJSON); 'raw'
 * bytes or text the web never parses (images, tiles, styles, HTML); 'stream' server-sent events. */
export type AnswerKind = 'data' | 'json' | 'raw' | 'stream';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  readonly answer?: AnswerKind;
}

export const endpoints = {
  // ── users and customers (spec 01 §7 'Users and notification users', 'Customers')
  userCurrent: { method: 'GET', path: '/api/user/current' },
  userRoles: { method: 'GET', path: '/api/user/roles' },
  customerList: { method: 'GET', path: '/api/Customer' },
  customerGet: { method: 'GET', path: '/api/Customer/:id' },

  // ── users and notification-only contacts (spec 02 §7 'Users and groups'; issue 14). The one identity-service
  // call of the spec the web makes with our bearer token is listed here too: GET account/sendactivateemail.
  userListForCustomer: { method: 'GET', path: '/api/user/customer' },
  userListByRoles: { method: 'POST', path: '/api/user/roles' },
  userAdd: { method: 'POST', path: '/api/user' },
  userUpdate: { method: 'POST', path: '/api/user/update' },
  userDelete: { method: 'DELETE', path: '/api/user/:id' },
  userDemote: { method: 'DELETE', path: '/api/user/demote' },
  userPromote: { method: 'POST', path: '/api/user/PromoteNotificationOnlyUser' },
  notificationUserList: { method: 'GET', path: '/api/notificationuser' },
  notificationUserAdd: { method: 'POST', path: '/api/notificationuser' },
  notificationUserUpdate: { method: 'POST', path: '/api/notificationuser/update' },
  notificationUserDelete: { method: 'DELETE', path: '/api/notificationuser/:id' },
  notificationUserEmailSubscriptions: { method: 'GET', path: '/api/notificationuser/:id/emailsubscriptions' },
  notificationUserUnsubscribePage: {
    method: 'GET',
    path: '/api/notificationuser/unsubscribe',
    answer: 'raw',
  },
  notificationUserUnsubscribe: { method: 'POST', path: '/api/notificationuser/unsubscribe', answer: 'raw' },
  accountSendActivateEmail: { method: 'GET', path: '/identity/account/sendactivateemail' },

  // ── locations (spec 01 §7 'Locations')
  locationList: { method: 'GET', path: '/api/location' },
  locationListForUser: { method: 'GET', path: '/api/location/user/:userId' },
  locationAdd: { method: 'POST', path: '/api/location/Add' },
  locationUpdate: { method: 'POST', path: '/api/location/Update' },
  locationSetForecastLocation: { method: 'POST', path: '/api/location/Update/ForecastLocation/:id' },
  locationReplacePreloaded: { method: 'POST', path: '/api/location/Update/OrganizationLocation/:userId' },
  locationDelete: { method: 'DELETE', path: '/api/location/:id' },
  locationHasCoverage: { method: 'GET', path: '/api/Location/HasCoverage/:latitude/:longitude' },
  locationAddWarning: { method: 'GET', path: '/api/Location/AddWarning' },
  locationLightningPolicies: { method: 'GET', path: '/api/location/LightningPolicies' },

  // ── geocoding for the location form
  geocodeAutocomplete: { method: 'GET', path: '/api/Geocode/Autocomplete' },
  geocodeSearch: { method: 'GET', path: '/api/Geocode/Search' },
  geocodeReverse: { method: 'GET', path: '/api/Geocode/Reverse' },

  // ── organisation locations (spec 01 §7 'Organisation locations and sites')
  organizationLocationList: { method: 'GET', path: '/api/organizationLocation' },
  organizationLocationForCustomer: { method: 'GET', path: '/api/organizationLocation/customer/:id' },
  organizationLocationForUser: { method: 'GET', path: '/api/organizationLocation/user/:id' },
  organizationLocationForNotificationUser: { method: 'GET', path: '/api/organizationLocation/NotiUser/:id' },
  organizationLocationSites: { method: 'GET', path: '/api/organizationLocation/Sites/:id' },
  organizationLocationSiteAdd: { method: 'POST', path: '/api/organizationLocation/Sites' },
  organizationLocationSiteDelete: { method: 'DELETE', path: '/api/organizationLocation/Sites/:id' },

  // ── user groups ("sites"; spec 02 §7 'Users and groups')
  siteList: { method: 'GET', path: '/api/site' },
  siteListForCurrentUser: { method: 'GET', path: '/api/site/user' },
  siteGet: { method: 'GET', path: '/api/site/:id' },
  siteAdd: { method: 'POST', path: '/api/site/add' },
  siteUpdate: { method: 'POST', path: '/api/site/update' },
  siteDelete: { method: 'POST', path: '/api/site/delete/:id' },

  // ── policies (spec 02 §7 'Policies and settings'; issue 14)
  policyList: { method: 'GET', path: '/api/policy' },
  policyListForCurrentSite: { method: 'GET', path: '/api/policy/site' },
  policyListForCustomer: { method: 'GET', path: '/api/policy/customer/:id' },
  policyListForUser: { method: 'GET', path: '/api/policy/userPolicies/:id' },
  policyListForSite: { method: 'GET', path: '/api/policy/site/:id' },
  policyTypes: { method: 'GET', path: '/api/policy/types' },
  policyAdd: { method: 'POST', path: '/api/policy' },
  policyUpdate: { method: 'PATCH', path: '/api/policy' },
  policyDelete: { method: 'DELETE', path: '/api/policy/:id' },

  // ── notifications and audit (spec 02 §2.6, §7)
  notificationHistory: { method: 'GET', path: '/api/Notification/History' },
  notificationChannels: { method: 'GET', path: '/api/Notification/Channels' },
  // whether alerts are held back by a database outage (issue 21): the admins' banner
  ingestStatus: { method: 'GET', path: '/api/Notification/IngestStatus' },
  pushSubscriptionSave: { method: 'POST', path: '/api/User/PushSubscription' },
  pushSubscriptionPublicKey: { method: 'GET', path: '/api/User/PushSubscription/PublicKey' },
  auditLocation: { method: 'GET', path: '/api/Audit/Location/:id' },
  auditDeadLetters: { method: 'GET', path: '/api/Audit/DeadLetters' },

  // ── the signed-in user's own account (issue 15; spec 02 §7 'Users and groups', 'Policies and settings', 'Support'):
  // My Profile, the identity service's password change (with our bearer token), My Notification Settings, the
  // bell's stream and Ask a Meteorologist
  userProfileSave: { method: 'POST', path: '/api/user/profile' },
  accountChangePassword: { method: 'POST', path: '/identity/account/change' },
  settingsNotificationsGet: { method: 'GET', path: '/api/Settings/Notifications' },
  settingsNotificationsSave: { method: 'POST', path: '/api/Settings/Notifications' },
  settingsAlertTimesGet: { method: 'GET', path: '/api/Settings/AlertTimes' },
  settingsAlertTimesSave: { method: 'POST', path: '/api/Settings/AlertTimes' },
  userNotificationsSave: { method: 'POST', path: '/api/User/Notifications' },
  supportRequest: { method: 'POST', path: '/api/Support' },
  streamNotifications: { method: 'GET', path: '/stream/Notifications', answer: 'stream' },

  // ── observations (spec 01 §7 'Observations'; spec 03 §2.4 station history)
  observationForLocation: { method: 'GET', path: '/api/observations/ForLocation/:id' },
  observationAtPoint: { method: 'GET', path: '/api/observations' },
  observationAtPointPost: { method: 'POST', path: '/api/observations' },
  observationHistory: { method: 'GET', path: '/api/Observations/Historical/:id' },
  observationStationHistory: { method: 'GET', path: '/api/Observations/Historical/:range/:id' },
  observationStationHistoryCustom: { method: 'GET', path: '/api/Observations/Historical/Custom/:id' },

  // ── station history, exports and reports (spec 03 §2.4, §2.5, §7 'Reports', 'Historical export', 'Station
  // queries'; issue 17). The station page and its reads also answer an anonymous visitor where spec 03 §6 allows.
  historicalStation: { method: 'GET', path: '/api/Historical/Station/:id' },
  observationEvapotranspiration: { method: 'GET', path: '/api/Observations/Evapotranspiration/:id' },
  observationConditionSnapshots: { method: 'GET', path: '/api/Observations/ConditionSnapshots/:id' },
  observationExport: {
    method: 'GET',
    path: '/api/Observations/Historical/Export/:interval/:id',
    answer: 'raw',
  },
  observationExportConditionSnapshots: {
    method: 'GET',
    path: '/api/Observations/Historical/Export/ConditionSnapshots/:id',
    answer: 'raw',
  },
  reportOptions: { method: 'GET', path: '/api/reports/options' },
  reportGenerate: { method: 'POST', path: '/api/reports/generate' },
  reportGet: { method: 'GET', path: '/api/reports/:id' },
  reportRetry: { method: 'POST', path: '/api/reports/:id/retry' },
  reportDownload: { method: 'GET', path: '/api/reports/download/:fileId', answer: 'raw' },

  // ── threats, advisories, proactive forecasts (spec 01 §7 'Threats, advisories, forecasts')
  threats: { method: 'GET', path: '/api/Threats/:id' },
  observationViolations: { method: 'GET', path: '/api/observations/Violations/:id' },
  policyWarnings: { method: 'GET', path: '/api/PolicyWarnings/Location/:id' },
  threatForecast: { method: 'GET', path: '/api/ThreatForecast/Location/:id' },
  advisoryList: { method: 'GET', path: '/api/Advisory/:id' },
  advisoryDetails: { method: 'GET', path: '/api/Advisory/Detail/:id' },
  proactiveForecastsForLocation: { method: 'GET', path: '/api/ProactiveForecast/Location/:locationId' },
  proactiveForecastMessage: { method: 'GET', path: '/api/ProactiveForecast/Message/:id' },
  proactiveForecastCreate: { method: 'POST', path: '/api/ProactiveForecast' },

  // ── air quality (spec 03 §2.7)
  airQualitySensors: { method: 'GET', path: '/api/AirQuality' },
  airQualityCategories: { method: 'GET', path: '/api/AirQuality/Categories' },
  airQualityForLocation: { method: 'GET', path: '/api/AirQuality/Location/:id' },

  // ── forecasts
  forecastToday: { method: 'GET', path: '/api/forecast/Today/ForLocation/:id' },
  forecastHourly: { method: 'GET', path: '/api/forecast/Hourly/ForLocation/:id' },
  forecastTodayHourlyAtPoint: { method: 'GET', path: '/api/forecast/Today/Hourly' },
  forecastTodayHourly: { method: 'GET', path: '/api/forecast/Today/Hourly/ForLocation/:id' },
  forecastDaily: { method: 'GET', path: '/api/forecast/Daily/ForLocation/:id' },

  // ── weather stations
  weatherStationByHardware: { method: 'GET', path: '/api/Hardware/WeatherStation/:id' },
  weatherStation: { method: 'GET', path: '/api/WeatherStation/:id' },
  weatherStationData: { method: 'GET', path: '/api/Hardware/WeatherStation/Data/:id' },
  weatherStationImageLastModified: {
    method: 'GET',
    path: '/api/Hardware/WeatherStation/Image/LastModified/:id',
  },
  weatherStationImage: { method: 'GET', path: '/api/Hardware/WeatherStation/Image/:id', answer: 'raw' },

  // ── on-site hardware (spec 02 §7 'Hardware and sirens', 'Public address', 'Work/rest and relays', 'Support'; issue 16):
  // units, siren settings and tests, disable/enable (the Support paths), relays, PA, stored messages, drills
  hardwareList: { method: 'GET', path: '/api/Hardware' },
  hardwareGet: { method: 'GET', path: '/api/hardware/:id' },
  hardwareAudit: { method: 'GET', path: '/api/Hardware/Audit/:id' },
  sirenGet: { method: 'GET', path: '/api/Hardware/OWS/:id' },
  sirenSettingsUpdate: { method: 'PATCH', path: '/api/Hardware/OWS/Settings' },
  sirenList: { method: 'GET', path: '/api/Siren' },
  sirenTestDelay: { method: 'POST', path: '/api/Siren/Test/Delay' },
  sirenTestAllClear: { method: 'POST', path: '/api/Siren/Test/AllClear' },
  sirenTestLight: { method: 'POST', path: '/api/Siren/Test/Light' },
  sirenTurnOff: { method: 'POST', path: '/api/Siren/TurnOff' },
  hardwareDisable: { method: 'POST', path: '/api/Support/Disable' },
  hardwareEnable: { method: 'POST', path: '/api/Support/Enable' },
  sirenDisable: { method: 'POST', path: '/api/Support/Siren/Disable' },
  sirenEnable: { method: 'POST', path: '/api/Support/Siren/Enable' },
  remoteRelayList: { method: 'GET', path: '/api/RemoteRelay/:ipAddress' },
  remoteRelaySet: { method: 'POST', path: '/api/RemoteRelay/SetRelay/:ipAddress' },
  paUnitList: { method: 'GET', path: '/api/PA' },
  paSendMessage: { method: 'POST', path: '/api/PA/SendMessage' },
  paStoredMessageList: { method: 'GET', path: '/api/PA/StoredMessages' },
  paStoredMessageAdd: { method: 'POST', path: '/api/PA/StoredMessage' },
  paStoredMessageUpdate: { method: 'PATCH', path: '/api/PA/StoredMessage' },
  paStoredMessageDelete: { method: 'DELETE', path: '/api/PA/StoredMessage/:id' },
  drillList: { method: 'GET', path: '/api/Drill' },
  drillAdd: { method: 'POST', path: '/api/Drill' },
  drillDelete: { method: 'DELETE', path: '/api/Drill/:id' },
  simSiren: { method: 'PUT', path: '/api/sim/Siren/:id' },
  simRelayBoard: { method: 'PUT', path: '/api/sim/RelayBoard/:ipAddress' },
  streamHardware: { method: 'GET', path: '/stream/Hardware', answer: 'stream' },

  // ── heat stress (spec 02 §7 'Work/rest and relays')
  workRestForOrganizationLocation: {
    method: 'GET',
    path: '/api/WorkRest/ForLocation/:organizationLocationId',
  },
  riskProfile: { method: 'GET', path: '/api/RiskProfile/:id' },

  // ── lightning
  lightningDelay: { method: 'GET', path: '/api/location/Delay/:id' },
  lightningStatus: { method: 'GET', path: '/api/Lightning/Location/:id' },
  lightningThreatCounts: { method: 'GET', path: '/api/Lightning/ThreatCounts' },

  // ── simulator scenarios (issue 4)
  simStrikes: { method: 'POST', path: '/api/sim/strikes' },
  simStorms: { method: 'POST', path: '/api/sim/storms' },

  // ── map service, signed in (spec 01 §7 'Map service')
  mapClusterStrikes: { method: 'GET', path: '/map/ClusterStrikes', answer: 'json' },
  mapStrikes: { method: 'GET', path: '/map/Strikes', answer: 'json' },
  mapStormVectors: { method: 'GET', path: '/map/StormVectors/All', answer: 'json' },
  mapTropicalForecast: { method: 'GET', path: '/map/TropicalForecast' },
  mapAlertsByPoint: { method: 'POST', path: '/map/Alerts/ByPoint', answer: 'json' },
  mapAlerts: { method: 'GET', path: '/map/Alerts', answer: 'json' },
  mapProductUrl: { method: 'GET', path: '/map/url' },
  mapRadarFrames: { method: 'GET', path: '/map/:radarType' },

  // ── map service, public (MapLibre and <img> fetch these without our header)
  mapRadarWms: { method: 'GET', path: '/map/:radarType/WMS', answer: 'raw' },
  mapRadarTile: { method: 'GET', path: '/map/:radarType/TMS/:z/:x/:y', answer: 'raw' },
  mapBasemapTile: { method: 'GET', path: '/map/basemap/:z/:x/:y', answer: 'raw' },
  mapSatelliteTile: { method: 'GET', path: '/map/satellite/:z/:x/:y', answer: 'raw' },
  mapStyle: { method: 'GET', path: '/map/style/:name', answer: 'raw' },
  mapProduct: { method: 'GET', path: '/map/products/:file', answer: 'raw' },

  // ── stream service (issue 6)
  streamLightning: { method: 'GET', path: '/stream/Lightning', answer: 'stream' },

  // ── dev service, loopback callers only (outbox; fault switch when APP_ENV is test or development)
  devFaultList: { method: 'GET', path: '/dev/faults' },
  devFaultAdd: { method: 'PUT', path: '/dev/faults' },
  devFaultClear: { method: 'DELETE', path: '/dev/faults' },
  devFaultRemove: { method: 'DELETE', path: '/dev/faults/:id' },
  devOutboxJson: { method: 'GET', path: '/dev/outbox.json', answer: 'json' },
  devOutboxPage: { method: 'GET', path: '/dev/outbox', answer: 'raw' },
} as const satisfies Record<string, Endpoint>;

export type EndpointKey = keyof typeof endpoints;

/** The path with its `:name` params filled in (each encoded as one path segment). */
export function pathOf(endpoint: Endpoint, params: Readonly<Record<string, unknown>> = {}): string {
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
