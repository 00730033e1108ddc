import { describe, expect, it } from 'vitest';
import { sanitizeDescription, sanitizeHtml } from './sanitize-html';

describe('package description sanitiser', () => {
  it('keeps formatting and safe links', () => {
    expect(sanitizeHtml('<p>Hello <strong>there</strong> &amp; <em>welcome</em></p><ul><li>One</li></ul>')).toBe('<p>Hello <strong>there</strong> &amp; <em>welcome</em></p><ul><li>One</li></ul>');
    expect(sanitizeHtml('<a href="https://clinic.example.com/a?x=1&amp;y=2" title="More">More</a>')).toBe('<a href="https://clinic.example.com/a?x=1&amp;y=2" title="More">More</a>');
    expect(sanitizeHtml('<a href="/prices" target="_blank">x</a>')).toBe('<a href="/prices" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeHtml('<a href="mailto:desk@clinic.example">mail</a>')).toBe('<a href="mailto:desk@clinic.example">mail</a>');
  });

  it('removes scripts, styles and their contents', () => {
    expect(sanitizeHtml('a<script>alert(1)</script>b')).toBe('ab');
    expect(sanitizeHtml('a<SCRIPT src=//x.js></SCRIPT >b')).toBe('ab');
    expect(sanitizeHtml('a<style>body{display:none}</style>b')).toBe('ab');
    expect(sanitizeHtml('a<script>never closed')).toBe('a');
    expect(sanitizeHtml('<iframe src="https://evil.example"></iframe>ok')).toBe('ok');
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg>ok')).toBe('ok');
  });

  it('removes event handlers, styles and unknown tags, keeping their text', () => {
    expect(sanitizeHtml('<p onclick="alert(1)" style="color:red" class="x">Hi</p>')).toBe('<p>Hi</p>');
    expect(sanitizeHtml('<img src=x onerror=alert(1)>pic')).toBe('pic');
    expect(sanitizeHtml('<b onmouseover=alert(1)>bold</b>')).toBe('<b>bold</b>');
    expect(sanitizeHtml('<form action="https://evil"><input name=a><button>Go</button></form>')).toBe('Go');
    expect(sanitizeHtml('<scr<script>ipt>alert(1)</script>')).toBe('ipt&gt;alert(1)');
  });

  it('refuses script URLs however they are spelled', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'jav&#x61;script:alert(1)', 'jav&#97script:alert(1)', 'javascript&colon;alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', '&#0000106avascript:alert(1)']) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
    expect(sanitizeHtml("<a href='javascript:alert(1)'>x</a>")).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=javascript:alert(1)>x</a>')).toBe('<a>x</a>');
  });

  it('escapes stray markup characters and closes what it opens', () => {
    expect(sanitizeHtml('1 < 2 > 0 & done')).toBe('1 &lt; 2 &gt; 0 &amp; done');
    expect(sanitizeHtml('<b>bold <i>both')).toBe('<b>bold <i>both</i></b>');
    expect(sanitizeHtml('<a href="/x">link')).toBe('<a href="/x">link</a>');
    expect(sanitizeHtml('text</div></p>')).toBe('text');
    expect(sanitizeHtml('<b><i>x</b>y</i>')).toBe('<b><i>x</i></b>y');
    expect(sanitizeHtml('<!-- <script>alert(1)</script> -->ok<!doctype html>')).toBe('ok');
    expect(sanitizeHtml('<p title="x">a</p><br/><hr>')).toBe('<p>a</p><br><hr>');
    expect(sanitizeHtml('<a title="&quot;><script>alert(1)</script>">x</a>')).toBe('<a title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</a>');
    expect(sanitizeHtml('<b')).toBe('');
  });

  it('stores empty descriptions as null', () => {
    expect(sanitizeDescription(null)).toBeNull();
    expect(sanitizeDescription('')).toBeNull();
    expect(sanitizeDescription('<p> </p><script>x</script>')).toBeNull();
    expect(sanitizeDescription('<p>Plan A</p>')).toBe('<p>Plan A</p>');
  });
});
