// GET and POST Settings/Notifications, GET and POST Settings/AlertTimes, POST User/Notifications (spec 02 §7
// 'Policies and settings'; issue 15): the caller's own notification settings.
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import { SettingsRepository } from './settings.repository.ts';
import { SettingsService } from './settings.service.ts';

export const settingsRoutes: FastifyPluginAsync<Pick<AppDeps, 'db' | 'bus'>> = async (app, { db, bus }) => {
  const service = new SettingsService(new SettingsRepository(db.db), bus);

  register(app, routes.settingsNotificationsGet, {}, async (request) =>
    service.notifications(principalOf(request)),
  );
  register(app, routes.settingsNotificationsSave, {}, async (request) =>
    service.saveNotifications(principalOf(request), request.body),
  );
  register(app, routes.userNotificationsSave, {}, async (request) =>
    service.saveUserNotifications(principalOf(request), request.body),
  );
  register(app, routes.settingsAlertTimesGet, {}, async (request) =>
    service.alertTimes(principalOf(request)),
  );
  register(app, routes.settingsAlertTimesSave, {}, async (request) =>
    service.saveAlertTimes(principalOf(request), request.body),
  );
};
