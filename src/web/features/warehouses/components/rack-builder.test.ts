import { describe, expect, it } from 'vitest';
import { builderRack, type BuilderForm } from './rack-builder';

const form: BuilderForm = {
  name: 'Unnamed Rack',
  length: '4',
  width: '12',
  num_shelves: '1',
  capacity: '1',
  orientation: 'horizontal',
};

describe('the rack builder', () => {
  it('builds the rack from its defaults', () => {
    expect(builderRack(form)).toEqual({
      name: 'Unnamed Rack',
      width: 12,
      length: 4,
      num_shelves: 1,
      capacity: 1,
      orientation: 'horizontal',
    });
  });

  it('builds nothing without a capacity, so the drop is ignored', () => {
    expect(builderRack({ ...form, capacity: '' })).toBeNull();
    expect(builderRack({ ...form, capacity: '0' })).toBeNull();
  });

  it('builds nothing without shelves or a size', () => {
    expect(builderRack({ ...form, num_shelves: '0' })).toBeNull();
    expect(builderRack({ ...form, width: '' })).toBeNull();
  });
});
