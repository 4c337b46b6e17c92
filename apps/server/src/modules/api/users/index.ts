// What other modules use of users: their calls (the users and notification-user calls of spec 01 §7 and spec 02
// §7), mounted by the API module. Who may see or manage a user is the domain's user policy (@allclear/domain).
export { notificationUserRoutes } from './notification-user.routes.ts';
export { userRoutes } from './user.routes.ts';
export { UNSUBSCRIBE_PAGE_TEXTS } from './unsubscribe-texts.ts';
// the caller as GET user/current answers, for My Profile's answer (issue 15)
export { presentCurrentUser } from './user.presenter.ts';
export { UserRepository } from './user.repository.ts';
