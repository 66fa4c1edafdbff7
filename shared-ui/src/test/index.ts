// Test helpers for every front end's tests, imported as 'shared-ui/test-kit'; kept out of the main
// entry so that no production bundle carries them.
export { bodyOf, calls, fetchMock, jsonResponse, type Route, type RouteHandler, routeApi } from './fetch';
export { LocationProbe, location, renderInRouter } from './render';
export { assign, type FrontEndTestOptions, fakeNetwork, setUpFrontEndTests, storeSession } from './setup';
export { FakeXhr } from './xhr';
