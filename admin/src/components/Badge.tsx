import { Chip } from '@mui/material';
import type { BadgeColour } from '@leadpulse/common';

const PALETTE: Record<BadgeColour, { bg: string; fg: string }> = {
  blue: { bg: '#dbeafe', fg: '#1e40af' },
  green: { bg: '#dcfce7', fg: '#166534' },
  purple: { bg: '#f3e8ff', fg: '#6b21a8' },
  yellow: { bg: '#fef9c3', fg: '#854d0e' },
  grey: { bg: '#f1f5f9', fg: '#334155' },
  orange: { bg: '#ffedd5', fg: '#9a3412' },
  red: { bg: '#fee2e2', fg: '#991b1b' },
};

/** A coloured label: plan, status and other badges of the spec. */
export function Badge({ label, colour }: { label: string; colour: BadgeColour }) {
  const { bg, fg } = PALETTE[colour];
  return <Chip label={label} size="small" sx={{ bgcolor: bg, color: fg, fontWeight: 600 }} />;
}
