/**
 * Bootstrap's grid, card and badge as plain elements with exactly the classes React-Bootstrap's
 * `Container`, `Row`, `Col`, `Card`, `Card.Body` and `Badge` give them (same order too), for the
 * screens the server renders (docs/decisions/297): those components are `forwardRef`s that look
 * up a theme context and build their classes on every render, which on a product page was a
 * noticeable share of the server's render. Only the props the screens use; the look is the same.
 */
import type { ComponentPropsWithoutRef } from 'react';

type DivProps = ComponentPropsWithoutRef<'div'>;
const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export function Container({ className, ...props }: DivProps) {
  return <div {...props} className={classes(className, 'container')} />;
}

export function Row({ className, ...props }: DivProps) {
  return <div {...props} className={classes(className, 'row')} />;
}

type Span = number | true;
/** React-Bootstrap's breakpoint order, widest first (its classes come out in this order). */
const BREAKPOINTS = ['xxl', 'xl', 'lg', 'md', 'sm', 'xs'] as const;
type ColProps = DivProps & Partial<Record<(typeof BREAKPOINTS)[number], Span>>;

export function Col({ className, xxl, xl, lg, md, sm, xs, ...props }: ColProps) {
  const asked = { xxl, xl, lg, md, sm, xs };
  const spans: string[] = [];
  for (const point of BREAKPOINTS) {
    const span = asked[point];
    const infix = point === 'xs' ? '' : `-${point}`;
    if (span) spans.push(span === true ? `col${infix}` : `col${infix}-${span}`);
  }
  return <div {...props} className={classes(className, ...spans, spans.length === 0 && 'col')} />;
}

function CardBody({ className, ...props }: DivProps) {
  return <div {...props} className={classes(className, 'card-body')} />;
}

export const Card = Object.assign(
  function Card({ className, ...props }: DivProps) {
    return <div {...props} className={classes(className, 'card')} />;
  },
  { Body: CardBody },
);

export function Badge({
  className,
  bg = 'primary',
  ...props
}: ComponentPropsWithoutRef<'span'> & { bg?: string }) {
  return <span {...props} className={classes(className, 'badge', `bg-${bg}`)} />;
}
