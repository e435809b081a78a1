import { Fragment } from 'react';
import { emailBreakParts } from '@leadpulse/common';

/** Text whose e-mail addresses wrap only before an "@" or after a dot, never inside a word. */
export function EmailText({ value }: { value: string }) {
  return (
    <>
      {emailBreakParts(value).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
