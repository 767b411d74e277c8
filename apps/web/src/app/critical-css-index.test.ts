/**
 * The build's rule index for the server's critical CSS (scripts/critical-css.mjs; decisions 298
 * and 309): what each rule needs of the markup, the states only a visitor brings about left out,
 * custom properties apart so the server inlines only the ones in use.
 */
import { describe, expect, it } from 'vitest';
import { ruleIndex } from '../../scripts/critical-css.mjs';

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
});
