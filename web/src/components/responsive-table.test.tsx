import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponsiveTable } from './responsive-table';

describe('ResponsiveTable', () => {
  it('labels every body cell with its column header, and marks the actions column', () => {
    const { rerender } = render(
      <ResponsiveTable label="Members">
        <thead>
          <tr>
            <th>Name</th>
            <th>Email</th>
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Ann</td>
            <td>ann@example.com</td>
            <td>
              <button type="button">Edit</button>
            </td>
          </tr>
        </tbody>
      </ResponsiveTable>,
    );
    const table = screen.getByRole('table', { name: 'Members' });
    expect(table.closest('.table-responsive')).toHaveClass('table-stack');
    expect(screen.getByText('ann@example.com').closest('td')).toHaveAttribute('data-label', 'Email');
    const actions = screen.getByRole('button', { name: 'Edit' }).closest('td')!;
    expect(actions).toHaveAttribute('data-actions');
    expect(actions).not.toHaveAttribute('data-label');

    // Rows that arrive later are labelled too.
    rerender(
      <ResponsiveTable label="Members">
        <thead>
          <tr>
            <th>Name</th>
            <th>Email</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Bob</td>
            <td>bob@example.com</td>
          </tr>
          <tr>
            <td colSpan={2}>Nothing more</td>
          </tr>
        </tbody>
      </ResponsiveTable>,
    );
    expect(screen.getByText('bob@example.com').closest('td')).toHaveAttribute('data-label', 'Email');
    expect(screen.getByText('Nothing more').closest('td')).not.toHaveAttribute('data-label');
  });
});
