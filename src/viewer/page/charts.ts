/**
 * Apache ECharts, with only the parts the viewer draws (tree-shaken into the page bundle):
 * custom series for the timeline blocks, scatter and lines for the map, canvas for the
 * timeline (thousands of blocks) and SVG for the map (a few hundred shapes, crisp when zoomed).
 */
import * as echarts from 'echarts/core';
import { CustomChart, LinesChart, ScatterChart } from 'echarts/charts';
import { DataZoomInsideComponent, DataZoomSliderComponent, GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

echarts.use([CustomChart, LinesChart, ScatterChart, DataZoomInsideComponent, DataZoomSliderComponent, GridComponent, TooltipComponent, CanvasRenderer, SVGRenderer]);

export { echarts };
export type { ECharts } from 'echarts/core';
