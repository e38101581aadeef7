// Frame quality from the gap between frames (document 2 section 9).

export type FrameQuality = 'Excellent' | 'Good' | 'Fair' | 'Poor';

export function frameQuality(gapMs: number): FrameQuality {
  if (gapMs < 100) return 'Excellent';
  if (gapMs < 200) return 'Good';
  if (gapMs < 500) return 'Fair';
  return 'Poor';
}
