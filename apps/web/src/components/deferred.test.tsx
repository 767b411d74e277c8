import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HydrateLater, hydrateInParts, partsHydrated } from './deferred';

/** A component that shows its name, and the names in the order they first rendered. */
function watchRenders() {
  const order: string[] = [];
  const Seen = ({ name }: { name: string }) => {
    order.push(name);
    return <p>{name}</p>;
  };
  return { Seen, firstRenders: () => order.filter((name, i) => order.indexOf(name) === i) };
}

describe('HydrateLater (decision 299)', () => {
  it('renders its part at once on a screen the browser renders itself', () => {
    render(
      <HydrateLater>
        <p>Neueste Produkte</p>
      </HydrateLater>,
    );
    expect(screen.getByText('Neueste Produkte')).toBeTruthy();
  });

  it('while a page hydrates, puts each part off to a later task, in page order, and says when all are in', async () => {
    const { Seen, firstRenders } = watchRenders();
    hydrateInParts(() => {
      render(
        <div>
          <Seen name="header" />
          <HydrateLater>
            <div>
              <Seen name="carousel" />
            </div>
          </HydrateLater>
          <HydrateLater>
            <div>
              <Seen name="grid" />
            </div>
          </HydrateLater>
        </div>,
      );
    });
    expect(screen.queryByText('grid')).toBeNull();
    await partsHydrated();
    expect(await screen.findByText('grid')).toBeTruthy();
    expect(firstRenders()).toEqual(['header', 'carousel', 'grid']);
  });

  it('puts off the parts a part holds (a grid’s cards) behind the others, each in a task of its own (decision 322)', async () => {
    const { Seen, firstRenders } = watchRenders();
    hydrateInParts(() => {
      render(
        <div>
          <HydrateLater>
            <ul>
              <Seen name="grid" />
              {['card 1', 'card 2'].map((name) => (
                <HydrateLater key={name}>
                  <li>
                    <Seen name={name} />
                  </li>
                </HydrateLater>
              ))}
            </ul>
          </HydrateLater>
          <HydrateLater>
            <div>
              <Seen name="footer" />
            </div>
          </HydrateLater>
        </div>,
      );
    });
    expect(screen.queryByText('grid')).toBeNull();
    await partsHydrated();
    expect(screen.getByText('card 2')).toBeTruthy();
    // Once the grid was in, its cards waited their turn after the footer, one task each.
    expect(firstRenders()).toEqual(['grid', 'footer', 'card 1', 'card 2']);
    // Hydration is over: a part rendered now renders at once.
    render(
      <HydrateLater>
        <p>later</p>
      </HydrateLater>,
    );
    expect(screen.getByText('later')).toBeTruthy();
  });

  it('puts a part with its own promise (a card below the screen) off until that resolves, without holding up the page (decision 335)', async () => {
    const { Seen, firstRenders } = watchRenders();
    let seen = () => {};
    const inView = new Promise<void>((resolve) => (seen = resolve));
    hydrateInParts(() => {
      render(
        <ul>
          <HydrateLater>
            <li>
              <Seen name="card 1" />
            </li>
          </HydrateLater>
          <HydrateLater after={inView}>
            <li>
              <Seen name="card 2" />
            </li>
          </HydrateLater>
        </ul>,
      );
    });
    await partsHydrated();
    expect(screen.getByText('card 1')).toBeTruthy();
    expect(screen.queryByText('card 2')).toBeNull();
    seen();
    expect(await screen.findByText('card 2')).toBeTruthy();
    expect(firstRenders()).toEqual(['card 1', 'card 2']);
  });
});
