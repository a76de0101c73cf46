export { emailAlerts, type MarkSlackPosted, notifyAlerts, postAlertsToSlack } from './alert-delivery.ts';
export { alertsRoutes } from './alerts.routes.ts';
export { countAlerts } from './alerts.service.ts';
export { notificationsRoutes } from './notifications.routes.ts';
export { actionsOf, impactOf, signalTypeOf } from './signal-fields.ts';
export { watchlistRoutes } from './watchlist.routes.ts';
export { addToWatchlist, watchedCompanyIds } from './watchlist.service.ts';
