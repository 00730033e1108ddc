import { describe, expect, it } from 'vitest';
import { matchRoute } from './stack';

describe('local route matching', () => {
  it('matches rows, with parameters', () => {
    const login = matchRoute('POST', '/users/login');
    expect(login && 'route' in login && login.route.handler).toBe('account/login');
  });

  it('answers 405 data for a known path with another method, and nothing for an unknown path', () => {
    expect(matchRoute('GET', '/users/login')).toEqual({ allowed: ['POST'] });
    expect(matchRoute('GET', '/nope')).toBeUndefined();
  });
});
