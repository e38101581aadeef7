// Frame quality from the gap between frames.

export type FrameQuality = 'Excellent' | 'Good' | 'Fair' | 'Poor';

export function frameQuality(gapMs: number): FrameQuality {
  if (gapMs < 100) return 'Excellent';
  if (gapMs < 200) return 'Good';
  if (gapMs < 500) return 'Fair';
  return 'Poor';
}
