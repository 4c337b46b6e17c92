// Where the scenario API hands injected strikes so they reach the lightning engine at once (not only
// on the simulator's next advance): the running engine registers itself for its weather instance.
// The engine journals them first (issue 21): 'applied' once committed, 'held' while the database is away.
import type { ConfiguredWeather, Strike } from '@allclear/weather';

export type StrikeSink = (strikes: Strike[]) => Promise<'applied' | 'held'>;

const sinks = new WeakMap<ConfiguredWeather, StrikeSink>();

/** Registers the engine that ingests strikes of this weather instance; returns the unregister function. */
export function registerStrikeSink(weather: ConfiguredWeather, sink: StrikeSink): () => void {
  sinks.set(weather, sink);
  return () => {
    if (sinks.get(weather) === sink) sinks.delete(weather);
  };
}

/** The engine ingesting strikes of this weather instance, if one is running. */
export function strikeSinkFor(weather: ConfiguredWeather): StrikeSink | undefined {
  return sinks.get(weather);
}
