export { launchBrowser } from "../packages/local/src/browser";

export const appUrl = (path = "/") => new URL(path, process.env.APP_URL).toString();
