import { Fragment } from 'react';
import { emailBreakParts } from '@leadpulse/common';

/**
 * Text with e-mail addresses that may break before an "@" and after a dot, never inside a word
 * ("margaret.hamilton@example.com" never splits as "margaret.hamil / ton@…").
 */
export function EmailText({ value }: { value: string }) {
  const parts = emailBreakParts(value);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
