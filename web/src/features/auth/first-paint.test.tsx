// The sign-in screen's first paint (index.html on /auth, web/vite-auth-first-paint.ts): the live
// screen's markup with its controls disabled, which the auth layout removes as it renders.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_PAINT_ID } from '../../lib/splash';
import { renderRoutes } from '../../testing/render';
import { renderFirstPaint } from './first-paint';
import { AuthLayout, RegisterEmailPage } from './routes/auth-layout';

afterEach(() => document.body.replaceChildren());

/** Each element's tag and classes, and the text, in document order (the first paint's fieldset aside). */
const outline = (root: Element) => ({
  elements: [root, ...root.querySelectorAll('*')].filter((el) => el.tagName !== 'FIELDSET').map((el) => `${el.tagName} ${el.getAttribute('class') ?? ''}`),
  text: root.textContent,
});

describe('sign-in first paint', () => {
  it('is the sign-in screen in the auth frame, its controls disabled', () => {
    const holder = document.createElement('div');
    holder.innerHTML = renderFirstPaint();
    const paint = holder.firstElementChild!;
    expect(paint.id).toBe(FIRST_PAINT_ID);
    expect(paint.querySelector('h1')?.textContent).toBe('Welcome');
    expect(paint.querySelector('p.text-body-secondary')?.textContent).toBe('Sign in, or create your account, with your email and a password.');
    expect(paint.querySelector('fieldset')?.disabled).toBe(true);
    expect([...paint.querySelectorAll('input')].map((input) => input.name)).toEqual(['email', 'password']);
    expect(paint.querySelector('button[type=submit]')?.textContent).toBe('Continue');
    expect(paint.querySelector('a[href="/auth/forgot-password"]')?.textContent).toBe('Forgot Password ?');
  });

  it('gives way to the live screen, which is the same', async () => {
    const holder = document.createElement('div');
    holder.innerHTML = renderFirstPaint();
    document.body.append(holder.firstElementChild!);
    const painted = outline(document.getElementById(FIRST_PAINT_ID)!.querySelector('.auth-layout')!);
    renderRoutes([{ path: '/auth', Component: AuthLayout, children: [{ index: true, Component: RegisterEmailPage }] }], '/auth');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
    expect(screen.getAllByLabelText('Email')).toHaveLength(1);
    // The same elements with the same classes and text, so nothing moves when one replaces the other.
    expect(outline(document.querySelector('.auth-layout')!)).toEqual(painted);
  });
});
