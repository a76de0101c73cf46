export { thesisRoutes } from './thesis.routes.ts';
export { getThesis, saveThesis } from './thesis.service.ts';
