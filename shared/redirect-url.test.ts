import { describe, expect, it } from 'vitest';
import { bareDomainFix, isSitePath, REDIRECT_URL_MESSAGES, redirectUrlProblem } from './redirect-url';

describe('redirect URLs as typed', () => {
  it('offers https:// for a web address typed without it', () => {
    expect(bareDomainFix('clinic.example.com/thanks')).toBe('https://clinic.example.com/thanks');
    expect(bareDomainFix(' www.clinic.co.uk ')).toBe('https://www.clinic.co.uk');
    expect(bareDomainFix('clinic.example.com:8443/a?b=1')).toBe('https://clinic.example.com:8443/a?b=1');
  });

  it('leaves paths, files of this site, addresses with a scheme and plain words alone', () => {
    for (const value of ['thanks', '/thanks', 'thank-you.html', 'https://clinic.example.com', 'mailto:a@b.co', 'javascript:alert(1)', '', 'two words.com', '1.2']) {
      expect(bareDomainFix(value), value).toBeNull();
    }
  });

  it('accepts an http(s) address or a path of this site, and says what is wrong with the rest', () => {
    for (const ok of ['', 'https://clinic.example.com/thanks', 'http://localhost:3000/x', '/thanks', 'thanks']) expect(redirectUrlProblem(ok), ok).toBeUndefined();
    expect(redirectUrlProblem('clinic.example.com/thanks')).toBe(REDIRECT_URL_MESSAGES.bareDomain);
    expect(redirectUrlProblem('javascript:alert(1)')).toBe(REDIRECT_URL_MESSAGES.scheme);
    expect(redirectUrlProblem('//evil.example.com')).toBe(REDIRECT_URL_MESSAGES.scheme);
  });

  it('knows a path of this site from another host', () => {
    expect(isSitePath('/thanks')).toBe(true);
    expect(isSitePath('/thanks?x=1#top')).toBe(true);
    for (const value of ['//evil.example.com', '/\\evil.example.com', 'thanks', 'https://x.example.com', '/a b']) expect(isSitePath(value), value).toBe(false);
  });
});
