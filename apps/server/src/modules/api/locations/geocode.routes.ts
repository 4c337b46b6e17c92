// Geocoding for the location form: GET Geocode/Autocomplete?q (3 suggestions), GET Geocode/Search?q,
// GET Geocode/Reverse?latitude&longitude (spec 01 §7 'Geocoding by address or coordinates and address
// autocomplete'). Offline from the bundled gazetteer unless GEOCODER_URL names a service.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTOCOMPLETE_SUGGESTIONS,
  ZGeocodeQuery,
  ZGeocodeSuggestion,
  ZReverseGeocodeQuery,
  envelope,
  errorResponses,
} from '@allclear/contracts';
import type { AppDeps } from '../../../app.ts';
import { createConfiguredGeocoder, type Geocoder } from '../../../geocoding/index.ts';

export interface GeocodeRouteOptions extends AppDeps {
  /** The geocoder to answer with; the configured one (GEOCODER_URL, else offline) by default. */
  geocoder?: Geocoder;
}

const tags = ['geocoding'];
const list = { 200: envelope(z.array(ZGeocodeSuggestion)), ...errorResponses };

export const geocodeRoutes: FastifyPluginAsyncZod<GeocodeRouteOptions> = async (app, opts) => {
  const geocoder =
    opts.geocoder ??
    createConfiguredGeocoder(opts.config.geocoding, (err) =>
      app.log.warn({ err }, 'geocoder failed; answered offline'),
    );

  app.get(
    '/Geocode/Autocomplete',
    { schema: { tags, querystring: ZGeocodeQuery, response: list } },
    async (request) => ({
      data: await geocoder.autocomplete(request.query.q, AUTOCOMPLETE_SUGGESTIONS),
    }),
  );
  app.get(
    '/Geocode/Search',
    { schema: { tags, querystring: ZGeocodeQuery, response: list } },
    async (request) => ({
      data: await geocoder.search(request.query.q),
    }),
  );
  app.get(
    '/Geocode/Reverse',
    {
      schema: {
        tags,
        querystring: ZReverseGeocodeQuery,
        response: { 200: envelope(ZGeocodeSuggestion.nullable()), ...errorResponses },
      },
    },
    async (request) => ({ data: await geocoder.reverse(request.query.latitude, request.query.longitude) }),
  );
};
