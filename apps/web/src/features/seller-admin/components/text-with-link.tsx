import { Fragment, type ReactNode } from 'react';

/** A translated sentence with a `{link}` slot (its position differs between languages). */
export function TextWithLink({ text, link }: { text: string; link: ReactNode }) {
  const [before, after = ''] = text.split('{link}');
  return (
    <Fragment>
      {before}
      {link}
      {after}
    </Fragment>
  );
}
