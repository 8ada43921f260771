/** The JavaScript test site (lib/testweb/js-site.ts), where the tests of the browser fetch have always found it. */
export { JS_ARTICLES, JS_SITE, serveJsSite, startJsSite, type JsSite } from "../testweb/js-site";
