/**
 * A list's header buttons wrap onto a second line on a phone instead of running off the screen;
 * on wider screens they stay on one line beside the filters.
 */
export const TOOLBAR_WRAP = {
  flexWrap: { xs: 'wrap', md: 'nowrap' },
  flexShrink: { md: 0 },
  justifyContent: 'flex-end',
  rowGap: 1,
} as const;

/**
 * A list's select filters show their All option while nothing is chosen ("All Users" under the
 * "Filter" label), rather than the label alone, which reads like a choice already made.
 */
export const FILTER_SELECT = {
  slotProps: { select: { displayEmpty: true }, inputLabel: { shrink: true } },
} as const;
