import type Router from '@koa/router';
import type { Context } from 'koa';
import { SERVED_PAGE_POLICY, servedPage, viewerAssets } from '../../viewer/index.ts';

/** GET /viewer: the plan viewer page and its two assets, all from this service (no CDN). */
export function viewerRoutes(router: Router): void {
  const send = (type: string, body: (assets: Awaited<ReturnType<typeof viewerAssets>>) => string) => async (ctx: Context) => {
    const assets = await viewerAssets();
    ctx.type = type;
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Content-Security-Policy', SERVED_PAGE_POLICY);
    ctx.body = body(assets);
  };
  router.get('/viewer', send('text/html; charset=utf-8', servedPage));
  router.get('/viewer/viewer.js', send('text/javascript; charset=utf-8', (assets) => assets.script));
  router.get('/viewer/viewer.css', send('text/css; charset=utf-8', (assets) => assets.styles));
}
