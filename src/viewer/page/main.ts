/// <reference lib="dom" />
/**
 * The plan viewer's page. Served by the service at GET /viewer (documents loaded in the page or
 * fetched from the service), or written by `npm run view` as one file with the documents inside.
 */
import type { ViewerData } from './documents.ts';
import { setupLoader } from './loader.ts';
import { renderPlan, type RenderedPlan } from './render.ts';

declare global {
  interface Window {
    /** The drawn plan: its view model and charts (for people poking at it in the console, and the browser tests). */
    planViewer?: RenderedPlan;
  }
}

const container = document.getElementById('plan')!;

function show(data: ViewerData): void {
  window.planViewer?.dispose();
  document.body.dataset.state = 'rendering';
  const plan = renderPlan(container, data);
  window.planViewer = plan;
  void plan.rendered.then((milliseconds) => {
    document.body.dataset.renderedMs = String(Math.round(milliseconds));
    document.body.dataset.state = 'rendered';
  });
}

const embedded = document.getElementById('plan-data');
if (embedded !== null) {
  document.body.classList.add('offline');
  show(JSON.parse(embedded.textContent ?? '') as ViewerData);
} else {
  setupLoader(show);
}
