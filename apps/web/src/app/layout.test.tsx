/**
 * The layout's focus after a navigation: the new screen's heading, unless the user has meanwhile
 * put focus somewhere else themselves.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Layout } from './layout';

function renderApp() {
  const header = (
    <header>
      <button type="button">Menu</button>
      <Link to="/kaese">Käse</Link>
    </header>
  );
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route element={<Layout header={header} footer={null} />}>
          <Route path="/" element={<h1>Marktgasse</h1>} />
          <Route path="/kaese" element={<h1>Käse</h1>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

/** Lets the layout's focus step (a task after the screen renders) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 60));

describe('Layout focus after a navigation', () => {
  it('moves focus from the link that was followed to the new screen’s heading', async () => {
    renderApp();
    const link = screen.getByRole('link', { name: 'Käse' });
    link.focus();
    fireEvent.click(link);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Käse' })));
  });

  it('leaves focus where the user put it while the new screen loaded', async () => {
    renderApp();
    const link = screen.getByRole('link', { name: 'Käse' });
    link.focus();
    fireEvent.click(link);
    const menu = screen.getByRole('button', { name: 'Menu' });
    menu.focus();
    await screen.findByRole('heading', { name: 'Käse' });
    await settle();
    expect(document.activeElement).toBe(menu);
  });
});
