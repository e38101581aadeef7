// Spread of repeated measurements (the bench and the repeatability test share it).

export interface Spread {
  mean: number;
  /** Sample standard deviation (n − 1). */
  sd: number;
  /** Smallest detectable change at 95 % confidence: 1.96 × √2 × SD (a change between two measurements
   * smaller than this can be measurement noise; the smartphone CVA apps publish 4.96-5.52°). */
  sdc: number;
  min: number;
  max: number;
}

export function spread(values: number[]): Spread {
  const n = values.length;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const sd = n > 1 ? Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1)) : 0;
  return { mean, sd, sdc: 1.96 * Math.SQRT2 * sd, min: Math.min(...values), max: Math.max(...values) };
}

/** The spread of every metric over rows of measurements (each row one retake). */
export function repeatability(rows: Record<string, number>[]): Record<string, Spread> {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return Object.fromEntries(
    keys.map((k) => [k, spread(rows.map((r) => r[k]).filter((v): v is number => typeof v === 'number'))]),
  );
}
