// Geocoding for the location form: GET Geocode/Autocomplete?q (3 suggestions), GET Geocode/Search?q,
// GET Geocode/Reverse?latitude&longitude (spec 01 §7 'Geocoding by address or coordinates and address
// autocomplete'). The geocoder is the process's one (buildApp: GEOCODER_URL, else the bundled gazetteer).
import type { FastifyPluginAsync } from 'fastify';
import { AUTOCOMPLETE_SUGGESTIONS } from '@allclear/contracts';
import { routes } from '@allclear/contracts/routes';
import type { Geocoder } from '../../../geocoding/index.ts';
import { register } from '../../../platform/route.ts';

export const geocodeRoutes: FastifyPluginAsync<{ geocoder: Geocoder }> = async (app, { geocoder }) => {
  register(app, routes.geocodeAutocomplete, {}, async (request) =>
    geocoder.autocomplete(request.query.q, AUTOCOMPLETE_SUGGESTIONS),
  );
  register(app, routes.geocodeSearch, {}, async (request) => geocoder.search(request.query.q));
  register(app, routes.geocodeReverse, {}, async (request) =>
    geocoder.reverse(request.query.latitude, request.query.longitude),
  );
};
