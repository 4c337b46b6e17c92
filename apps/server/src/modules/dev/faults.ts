// The fault switch of the dev module (issue 6 'Each fallback text appears when its call fails, tested by making the
// server fail that call'): a loopback caller sets `PUT /dev/faults { pathPattern, status, userEmail?, body? }`
// and matching /api and /map requests answer that status before their handler runs, in the responseException
// shape (or with the given body, e.g. a malformed 200 answer that makes a panel crash). A fault scoped to a user
// hits only that user's requests, so journeys of other users running at the same time are untouched.
// Only when APP_ENV is 'test' or 'development': otherwise the hook is not even installed.
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TFault } from '@allclear/contracts';
import { routes } from '@allclear/contracts/routes';
import type { Config } from '../../platform/config.ts';
import { badRequest, errorBody, forbidden, notFound } from '../../platform/errors.ts';
import { register } from '../../platform/route.ts';
import type { DevRepository } from './dev.repository.ts';

/** Message of a faulted request's responseException. */
export const FAULT_MESSAGE = 'Fault injected by /dev/faults.';
/** The services whose requests a fault can fail. */
const FAULTABLE = /^\/(api|map)(\/|$)/i;

export interface Fault {
  id: number;
  pathPattern: string;
  status: number;
  userEmail: string | null;
  /** The user the fault is scoped to (the token subject), null for every caller. */
  userId: string | null;
  body?: unknown;
  pattern: RegExp;
}

/** The faults in force in one app instance. */
export class FaultRegistry {
  #faults: Fault[] = [];
  #nextId = 1;

  add(input: Omit<Fault, 'id' | 'pattern'>): Fault {
    const fault = { ...input, id: this.#nextId++, pattern: new RegExp(input.pathPattern, 'i') };
    this.#faults.push(fault);
    return fault;
  }

  /** Removes one fault; false when there is none with this id. */
  remove(id: number): boolean {
    const before = this.#faults.length;
    this.#faults = this.#faults.filter((f) => f.id !== id);
    return this.#faults.length < before;
  }

  /** Removes every fault, or only those of one user (by e-mail); returns how many were removed. */
  clear(userEmail?: string): number {
    const before = this.#faults.length;
    this.#faults = userEmail ? this.#faults.filter((f) => f.userEmail !== userEmail.toLowerCase()) : [];
    return before - this.#faults.length;
  }

  list(): readonly Fault[] {
    return this.#faults;
  }

  /** The newest fault matching a request path and caller (null when the request carried no token). */
  match(path: string, userId: string | null): Fault | null {
    if (!FAULTABLE.test(path)) return null;
    for (let i = this.#faults.length - 1; i >= 0; i--) {
      const f = this.#faults[i]!;
      if ((f.userId === null || f.userId === userId) && f.pattern.test(path)) return f;
    }
    return null;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The fault switch's faults; null unless APP_ENV is 'test' or 'development'. */
    devFaults: FaultRegistry | null;
  }
}

/** True when this environment may inject faults. */
export const faultsAllowed = (config: Config) =>
  config.server.appEnv === 'test' || config.server.appEnv === 'development';

/**
 * How a fault answers: a string payload, so no route's response schema re-serializes (and refuses) it, and never
 * cached, so the browser asks again once the fault is cleared.
 */
function answer(reply: FastifyReply, fault: Fault) {
  const payload = fault.body === undefined ? errorBody(FAULT_MESSAGE) : fault.body;
  return reply
    .code(fault.status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(payload));
}

/**
 * Installs the registry and its hook on the root instance (not encapsulated). Register it before the /api and
 * /map modules: a route takes the hooks its instance has when it is registered. The hook is a preHandler, so it
 * runs after the services' own authentication and knows the caller.
 */
export const devFaultsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    if (!faultsAllowed(config)) {
      app.decorate('devFaults', null);
      return;
    }
    const registry = new FaultRegistry();
    app.decorate('devFaults', registry);
    // a callback hook, done at once while no fault is set: it runs on every request of a development server
    app.addHook(
      'preHandler',
      function checkDevFaults(request: FastifyRequest, reply: FastifyReply, done: () => void) {
        if (registry.list().length === 0) return done();
        const fault = registry.match(request.url.split('?')[0]!, request.principal?.userId ?? null);
        if (fault) return void answer(reply, fault);
        done();
      },
    );
  },
  { name: 'allclear-dev-faults', fastify: '5.x' },
);

const present = (f: Fault): TFault => ({
  id: f.id,
  pathPattern: f.pathPattern,
  status: f.status,
  userEmail: f.userEmail,
  ...(f.body === undefined ? {} : { body: f.body }),
});

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'i');
    return true;
  } catch {
    return false;
  }
}

/** The registry, or a refusal naming why faults are off here. */
function registryOf(app: FastifyInstance): FaultRegistry {
  if (!app.devFaults) throw forbidden("Faults can be set only when APP_ENV is 'test' or 'development'.");
  return app.devFaults;
}

/** GET, PUT and DELETE /dev/faults, DELETE /dev/faults/{id} (inside the dev module, which lets only loopback callers in). */
export const faultRoutes: FastifyPluginAsync<{ repo: DevRepository }> = async (app, { repo }) => {
  register(app, routes.devFaultList, {}, async () => registryOf(app).list().map(present));

  register(app, routes.devFaultAdd, {}, async (request) => {
    const registry = registryOf(app);
    const input = request.body;
    if (!compiles(input.pathPattern))
      throw badRequest('One or more validation errors occurred.', {
        PathPattern: ['Not a valid regular expression.'],
      });
    if (input.body === undefined && input.status < 400)
      throw badRequest('One or more validation errors occurred.', {
        Status: ['A fault without a body answers an error status (400–599).'],
      });
    let userId: string | null = null;
    if (input.userEmail) {
      userId = await repo.userIdByEmail(input.userEmail);
      if (!userId)
        throw badRequest('One or more validation errors occurred.', {
          UserEmail: ['No user has this e-mail.'],
        });
    }
    const fault = registry.add({
      pathPattern: input.pathPattern,
      status: input.status,
      userEmail: input.userEmail?.toLowerCase() ?? null,
      userId,
      body: input.body,
    });
    return present(fault);
  });

  register(app, routes.devFaultClear, {}, async (request) => ({
    removed: registryOf(app).clear(request.query.userEmail),
  }));

  register(app, routes.devFaultRemove, {}, async (request) => {
    if (!registryOf(app).remove(request.params.id)) throw notFound('Fault');
    return { removed: 1 };
  });
};
