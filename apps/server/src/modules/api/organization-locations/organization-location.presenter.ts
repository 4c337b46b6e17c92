// Decides which organisation-location fields leave the server (spec 01 §3, spec 02 §3 'Organization location').
import type { TOrganizationLocation, TOrganizationLocationSite } from '@allclear/contracts';
import type {
  OrganizationLocationRow,
  OrganizationLocationSiteRow,
} from './organization-location.repository.ts';

export function presentOrganizationLocation(row: OrganizationLocationRow): TOrganizationLocation {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    label: row.label,
    forecastLocation: row.forecastLocation,
    sirenSettings: { radius: row.sirenRadius },
  };
}

export function presentOrganizationLocationSite(row: OrganizationLocationSiteRow): TOrganizationLocationSite {
  return { id: row.id, organizationLocationId: row.organizationLocationId, siteId: row.siteId };
}
