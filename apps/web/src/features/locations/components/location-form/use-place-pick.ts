// Where the location is (spec 01 §2 'map position pick', §4 'Location form', §5 'Location fields'): an address
// picked from the suggestions or typed (found by search, else the current point reverse-geocoded), an organisation
// location (filling the name when empty, the address and the point), or the pin; each pick asks for the add warning.
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TGeocodeSuggestion, TLocation } from '@allclear/contracts';
import { getLocationsQueryOptions } from '../../../dashboard/api/get-locations.ts';
import {
  selectableOrganizationLocations,
  useOrganizationLocations,
} from '../../api/get-organization-locations.ts';
import { useAddressSuggestions } from '../../api/autocomplete.ts';
import { pickAddress } from '../../api/geocode-address.ts';
import type { AddWarning } from './use-add-warning.ts';
import type { LocationFormState } from './use-location-form.ts';

type Point = { latitude: number; longitude: number };

/** The address field's text and suggestions, the organisation locations on offer, and the picks. */
export function usePlacePick(location: TLocation | null, state: LocationFormState, addWarning: AddWarning) {
  const isEdit = location !== null;
  const { values, set, setPosition } = state;
  const [addressText, setAddressText] = useState(location?.locationName ?? '');
  // suggestions while the text is not the address already picked
  const suggestions = useAddressSuggestions(addressText, !isEdit && addressText !== values.locationName);
  const organizationLocations = useOrganizationLocations();
  const savedLocations = useQuery(getLocationsQueryOptions());
  const orgOptions = useMemo(
    () =>
      selectableOrganizationLocations(
        organizationLocations.data ?? [],
        (savedLocations.data ?? []).map((l) => l.organizationLocationId),
        location?.organizationLocationId,
      ),
    [organizationLocations.data, savedLocations.data, location?.organizationLocationId],
  );

  const placeAt = (address: string, point: Point) => {
    set('locationName', address);
    setAddressText(address);
    setPosition(point);
    void addWarning.checkAt(point);
  };

  const choosePlace = (place: TGeocodeSuggestion) =>
    placeAt(place.label, { latitude: place.latitude, longitude: place.longitude });

  const pickTypedAddress = async (text: string) => {
    if (!text.trim()) return;
    const place = await pickAddress(text, { latitude: values.latitude, longitude: values.longitude });
    if (place) choosePlace(place);
  };

  const chooseOrganizationLocation = (id: number | null) => {
    set('organizationLocationId', id);
    const org = organizationLocations.data?.find((o) => o.id === id);
    if (!org) return;
    if (!values.label.trim()) set('label', org.label || org.name);
    placeAt(org.address || org.name, { latitude: org.latitude, longitude: org.longitude });
  };

  return {
    addressText,
    setAddressText,
    suggestions,
    orgOptions,
    choosePlace,
    pickTypedAddress,
    chooseOrganizationLocation,
    /** The pin or a coordinate field was left: ask for the add warning there. */
    commitPosition: (point: Point) => void addWarning.checkAt(point),
  };
}

export type PlacePick = ReturnType<typeof usePlacePick>;
