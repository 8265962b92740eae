export { openRouteFixture, readEvents } from './route-fixture.js';
export type { RouteFixture, RouteFixtureOptions, ParsedEvent } from './route-fixture.js';
export { startServerProcess } from './server-process.js';
export type { ServerProcess, EarlyExit } from './server-process.js';
