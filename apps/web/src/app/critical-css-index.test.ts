/**
 * The build's rule index for the server's critical CSS (scripts/critical-css.mjs; decisions 298
 * and 309): what each rule needs of the markup, the states only a visitor brings about left out,
 * custom properties apart so the server inlines only the ones in use.
 */
import { describe, expect, it } from 'vitest';
import { ruleIndex, sheetParts } from '../../scripts/critical-css.mjs';

const indexOf = (css: string) => ruleIndex([{ href: '/a.css', css }]).rules;

describe('the critical CSS rule index', () => {
  it('needs the classes and the elements of a selector, not those inside :not()', () => {
    const [rule] = indexOf('textarea.form-control,.card p:not(.lead){margin:0}');
    expect(rule!.need).toEqual([
      ['form-control', '<textarea'],
      ['card', '<p'],
    ]);
    expect(indexOf('[hidden]{display:none!important}')[0]!.need).toBeNull();
  });

  it('leaves out what only hover, focus or a press shows, and keeps :not(:focus)', () => {
    const rules = indexOf(
      '.btn:hover{color:red}.btn:focus-visible,.btn.active{color:blue}.skip:not(:focus){position:absolute}',
    );
    expect(rules.map((rule) => rule.css)).toEqual([
      '.btn.active{color:blue}',
      '.skip:not(:focus){position:absolute}',
    ]);
  });

  it('keeps custom properties apart with what each reads', () => {
    const [root, button] = indexOf(':root{--a:red;--b:var(--a);color:var(--a)}.btn{color:var(--b)}');
    expect(root).toMatchObject({
      selector: ':root',
      declarations: 'color:var(--a)',
      uses: ['--a'],
      variables: [
        ['--a', '--a:red', []],
        ['--b', '--b:var(--a)', ['--a']],
      ],
    });
    expect(button).toMatchObject({ uses: ['--b'] });
    expect(button!.variables).toBeUndefined();
  });

  it('cuts the entry sheet into parts of about equal length between whole rules (decision 319)', () => {
    const rules = Array.from({ length: 40 }, (_, i) => `.c${i}{margin:${i}px}`);
    const css = `${rules.slice(0, 20).join('')}@media (min-width:992px){${rules.slice(20, 30).join('')}}${rules.slice(30).join('')}`;
    const parts = sheetParts(css, 4);
    expect(parts).toHaveLength(4);
    // Joined in order they are the sheet: the cascade is the one sheet's.
    expect(parts.join('')).toBe(css);
    // A media block stays whole, in one part.
    const withMedia = parts.filter((part) => part.includes('@media'));
    expect(withMedia).toHaveLength(1);
    expect(withMedia[0]).toContain(`@media (min-width:992px){${rules.slice(20, 30).join('')}}`);
    for (const part of parts) expect(part.length).toBeGreaterThan(css.length / 8);
    // A sheet of fewer rules than parts gives fewer parts, none empty.
    expect(sheetParts('.a{margin:0}.b{margin:0}', 4)).toEqual(['.a{margin:0}', '.b{margin:0}']);
  });
});
