import { describe, expect, it } from 'vitest';
import { checkChromium } from './browser.js';

describe('whether the browser tests run', () => {
  it('runs them wherever Chromium is installed', () => {
    expect(checkChromium({}, true)).toEqual({ run: true });
    expect(checkChromium({ CI: 'true' }, true)).toEqual({ run: true });
  });

  it('fails, naming the missing browser, when CI is set and Chromium is not installed', () => {
    for (const value of ['true', '1', 'yes']) {
      expect(() => checkChromium({ CI: value }, false), value).toThrow(/CI is set, but \/usr\/bin\/chromium is not installed/);
    }
  });

  it('skips with the reason otherwise', () => {
    for (const env of [{}, { CI: '' }, { CI: 'false' }, { CI: '0' }]) {
      expect(checkChromium(env, false), JSON.stringify(env)).toEqual({ run: false, reason: expect.stringMatching(/\/usr\/bin\/chromium is not installed/) });
    }
  });
});
