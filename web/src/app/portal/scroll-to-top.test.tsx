import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top';

function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Back
    </button>
  );
}

function renderPortal() {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <ScrollToTop />
      <Routes>
        <Route
          path="/dashboard"
          element={
            <>
              <Link to="/dashboard/clients">Clients</Link>
              <Link to="/dashboard?view=calendar">Calendar view</Link>
            </>
          }
        />
        <Route path="/dashboard/clients" element={<Back />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('portal navigation', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens another screen scrolled to the top; a query change or Back keeps the place', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPortal();
    scrollTo.mockClear();
    await user.click(screen.getByRole('link', { name: 'Calendar view' }));
    expect(scrollTo).not.toHaveBeenCalled();
    await user.click(screen.getByRole('link', { name: 'Clients' }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('link', { name: 'Clients' })).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
