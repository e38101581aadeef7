import { CHART_CURVE } from '@posture-vision/core/analytics';
import {
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  type Plugin,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { Theme } from '../../theme/theme-store';

/**
 * What each chart drew, written on its canvas after every update: the value axes' ranges and tick labels as
 * `data-scales` (JSON), where the first line's points sit across the plot (`data-points-at`, 0 left edge to 1
 * right edge), how each of them is drawn (`data-point-styles`: the analytics charts draw photo calibrations and
 * sessions apart), and a sentence naming them as the canvas's accessible label, since a canvas is otherwise silent
 * to screen readers. The browser tests read the same attributes: the chart as drawn.
 */
export const drawnScales: Plugin = {
  id: 'pv-drawn-scales',
  afterUpdate(chart) {
    const scales: Record<string, { min: number; max: number; ticks: string[] }> = {};
    for (const [id, scale] of Object.entries(chart.scales)) {
      if (scale.type !== 'linear') continue;
      scales[id] = { min: scale.min, max: scale.max, ticks: scale.ticks.map((t) => String(t.label ?? '')) };
    }
    const canvas = chart.canvas;
    canvas.dataset.scales = JSON.stringify(scales);
    const area = chart.chartArea;
    const width = area ? area.right - area.left : 0;
    const drawn = chart.getDatasetMeta(0).data;
    canvas.dataset.pointsAt = JSON.stringify(
      width > 0 ? drawn.map((p) => Math.round(((p.x - area.left) / width) * 100) / 100) : [],
    );
    canvas.dataset.pointStyles = JSON.stringify(
      drawn.map((p) => String((p.options as { pointStyle?: unknown }).pointStyle ?? '')),
    );
    const names = chart.data.datasets.map((d) => d.label).filter(Boolean);
    const points = Math.max(0, ...chart.data.datasets.map((d) => d.data.length));
    const ranges = Object.values(scales).map((r) => `${r.min} to ${r.max}`);
    canvas.setAttribute('role', 'img');
    canvas.setAttribute(
      'aria-label',
      `${names.join(' and ')}: ${points} ${points === 1 ? 'point' : 'points'}, axis ${ranges.join(' and ')}`,
    );
  },
  // How far each line's curve leaves the range of the two points of any of its segments, in pixels
  // (`data-curve-overshoot`, one number per line): a curve lies within its control points, so control points
  // outside a segment's range are where a line dips below (or rises above) its own points. Control points exist
  // once the line is drawn.
  afterDraw(chart) {
    const overshoot = chart.data.datasets.map((_, index) => {
      const points = chart.getDatasetMeta(index).data as unknown as CurvePoint[];
      let worst = 0;
      for (let i = 0; i + 1 < points.length; i++) {
        const a = points[i] as CurvePoint;
        const b = points[i + 1] as CurvePoint;
        const low = Math.min(a.y, b.y);
        const high = Math.max(a.y, b.y);
        for (const c of [a.cp2y, b.cp1y])
          if (typeof c === 'number' && Number.isFinite(c)) worst = Math.max(worst, low - c, c - high);
      }
      return Math.round(worst * 10) / 10;
    });
    chart.canvas.dataset.curveOvershoot = JSON.stringify(overshoot);
  },
};

/** A drawn point of a line with its Bézier control points (Chart.js sets them when the line is curved). */
interface CurvePoint {
  y: number;
  cp1y?: number;
  cp2y?: number;
}

Chart.register(
  CategoryScale,
  LinearScale,
  PointElement,
  LineElement,
  BarElement,
  Tooltip,
  Legend,
  Filler,
  drawnScales,
);

export interface ChartColours {
  text: string;
  grid: string;
  line: string;
  fill: string;
  secondLine: string;
}

/** Chart colours follow the light or dark theme. */
export function chartColours(theme: Theme): ChartColours {
  return theme === 'dark'
    ? {
        text: '#e5e7eb',
        grid: 'rgba(229, 231, 235, 0.15)',
        line: '#60a5fa',
        fill: 'rgba(96, 165, 250, 0.2)',
        secondLine: '#34d399',
      }
    : {
        text: '#1f2937',
        grid: 'rgba(31, 41, 55, 0.1)',
        line: '#2563eb',
        fill: 'rgba(37, 99, 235, 0.15)',
        secondLine: '#059669',
      };
}

/** Posture scores are 0–100 (the score rule's range): the axis shows all of it, so one day is not one dot
 * floating on Chart.js's default ±5 band around a lone value. */
export const SCORE_AXIS = { min: 0, max: 100 } as const;
/** The craniovertebral angle lies between 0° and 90° by its geometry (neck line against the horizontal). */
export const CVA_AXIS = { min: 0, max: 90 } as const;

export function lineOptions(colours: ChartColours, axis: { min: number; max: number } = SCORE_AXIS) {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false as const,
    plugins: { legend: { labels: { color: colours.text } } },
    // A lone point is drawn large enough to be seen as data, not as a stray mark. Every line is curved by core's
    // CHART_CURVE, which never passes beyond its points.
    elements: { point: { radius: 4, hoverRadius: 6 }, line: { ...CHART_CURVE } },
    scales: {
      // Each day in the middle of its own band: a lone day is drawn in the middle, not on the left edge.
      x: { offset: true, ticks: { color: colours.text }, grid: { color: colours.grid } },
      y: { ...axis, ticks: { color: colours.text }, grid: { color: colours.grid } },
    },
  };
}
