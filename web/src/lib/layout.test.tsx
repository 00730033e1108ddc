import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageDataProvider, usePageData, usePageTitle } from './layout';

function Title() {
  const { title } = usePageData();
  return <h1>{title ?? ''}</h1>;
}

describe('usePageTitle', () => {
  it('shows the title in the shell without rendering the page that set it a second time', async () => {
    let pageRenders = 0;
    function Page() {
      pageRenders++;
      usePageTitle('Appointments', [{ title: 'Home', path: '/dashboard' }]);
      return <p>the list</p>;
    }
    render(
      <PageDataProvider>
        <Title />
        <Page />
      </PageDataProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Appointments' })).toBeInTheDocument();
    expect(document.title).toBe('Appointments | Clinic Suite');
    expect(pageRenders).toBe(1);
  });
});
