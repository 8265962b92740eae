/**
 * How the app's own pages mark their requests. A custom header is something no form and no simple
 * cross-site request can carry — a browser would first ask the server with a CORS preflight, which
 * Control Room never grants — so the server accepts state changes that carry it (or a JSON body).
 */

/** Sent as `X-Control-Room: 1` by the web app with every request that changes something. */
export const APP_REQUEST_HEADER = 'x-control-room';

/** Value of {@link APP_REQUEST_HEADER}. */
export const APP_REQUEST_HEADER_VALUE = '1';
