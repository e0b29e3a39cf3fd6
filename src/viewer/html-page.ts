import type { ViewerData } from './page/documents.ts';
import type { ViewerAssets } from './assets.ts';

/** Fills the page's markers; function replacers, because the bundle contains `$&`-like text. */
function fill(template: string, parts: { policy: string; styles: string; scripts: string }): string {
  return template
    .replace('<!--viewer:styles-->', () => `${parts.policy}${parts.styles}`)
    .replace('<!--viewer:scripts-->', () => parts.scripts);
}

/** The page the service serves: scripts and styles fetched from /viewer/ (the CSP header forbids anything else). */
export function servedPage(assets: ViewerAssets): string {
  return fill(assets.template, {
    policy: '',
    styles: '<link rel="stylesheet" href="/viewer/viewer.css">',
    scripts: '<script src="/viewer/viewer.js" defer></script>',
  });
}

/** JSON inside a <script> element: `<` escaped so no `</script>` or `<!--` in the data ends the element. */
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * One self-contained HTML file: styles, script and the documents inline, and a content
 * security policy that lets it load nothing from anywhere (it opens from disk, offline).
 */
export function offlinePage(assets: ViewerAssets, data: ViewerData): string {
  return fill(assets.template, {
    policy: `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">\n`,
    styles: `<style>\n${assets.styles}</style>`,
    scripts: `<script type="application/json" id="plan-data">${inlineJson(data)}</script>\n<script>${assets.script.replace(/<\/script/gi, '<\\/script')}</script>`,
  });
}

/** The Content-Security-Policy of the served page: its own scripts and the service's API only. */
export const SERVED_PAGE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
