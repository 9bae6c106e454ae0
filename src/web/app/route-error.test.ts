import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './route-error';

describe('chunk load errors', () => {
  it('recognises a lazy screen whose file is gone after a deploy, in each browser wording', () => {
    expect(
      isChunkLoadError(
        new TypeError(
          'Failed to fetch dynamically imported module: http://x/assets/stage-page-1.js',
        ),
      ),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
  });

  it('leaves other failures alone', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('a string')).toBe(false);
  });
});
