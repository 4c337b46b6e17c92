// The notifications channel of the stream service (issue 15; spec 03 §2.3 the bell): every open connection hears each
// notification the notifier lists in its caller's own history, once the event's transaction has committed
// ('notification-sent' on the bus), so the bell updates without a reload. A change of the user (a password change,
// deactivation: 'user-changed') ends their connections; the client reconnects with its token, checked again.
import { NOTIFICATION_STREAM_EVENT } from '@allclear/contracts';
import { notificationPolicy } from '@allclear/domain';
import type { Principal } from '../../platform/auth.ts';
import type { Bus, NotificationSent } from '../../platform/bus.ts';
import type { SseConnection } from './sse.ts';

interface Listener {
  principal: Principal;
  connection: SseConnection;
}

/** Fans notifications out to the connections of their recipient. */
export class NotificationStreamHub {
  private readonly listeners = new Set<Listener>();
  private readonly unsubscribe: (() => void)[];
  private closed = false;

  constructor(bus: Bus) {
    this.unsubscribe = [
      // bus handlers run in the publisher's path: never throw there, never make it wait
      bus.subscribe('notification-sent', (sent) => this.deliver(sent)),
      bus.subscribe('user-changed', (e) => {
        for (const l of [...this.listeners])
          if (l.principal.userId === e.userId) {
            this.listeners.delete(l);
            void l.connection.close();
          }
      }),
    ];
  }

  /** Adds a connection; returns the function that removes it. After `close()` the connection is ended at once. */
  add(principal: Principal, connection: SseConnection): () => void {
    if (this.closed) {
      void connection.close();
      return () => {};
    }
    const listener = { principal, connection };
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }

  /** Stops listening to the bus and ends every connection (app shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    for (const off of this.unsubscribe.splice(0)) off();
    const closing = [...this.listeners].map((l) => l.connection.close());
    this.listeners.clear();
    await Promise.all(closing);
  }

  private deliver(sent: NotificationSent): void {
    const row = { customerId: sent.customerId, userId: sent.userId };
    for (const l of this.listeners)
      if (notificationPolicy.can(l.principal, 'viewOwn', row))
        l.connection.send(NOTIFICATION_STREAM_EVENT, sent.notification);
  }
}
