// What other modules use of users: their calls (GET user/current, GET user/roles), mounted by the API module.
// Who may see or manage a user is the domain's user policy (@allclear/domain), not this module's.
export { userRoutes } from './user.routes.ts';
