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
