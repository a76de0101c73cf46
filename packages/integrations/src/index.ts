/**
 * Protocol clients for the outside services Atempo connects to. Pure HTTP: base URLs come from the
 * caller's settings, nothing here touches the database. Local fakes for tests and development are
 * in `@atempo/integrations/fakes`.
 */
export * from './microsoft/index.ts';
