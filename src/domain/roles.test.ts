import { describe, expect, it } from 'vitest';
import { roleAllows, roleRefusal } from './roles';

describe('roles', () => {
  it('lets each role do what the roles before it may, and no more', () => {
    expect(roleAllows('crew', 'crew')).toBe(true);
    expect(roleAllows('crew', 'office')).toBe(false);
    expect(roleAllows('office', 'crew')).toBe(true);
    expect(roleAllows('office', 'admin')).toBe(false);
    expect(roleAllows('admin', 'office')).toBe(true);
  });

  it('names the roles that may make a refused call', () => {
    expect(roleRefusal('crew', 'office')).toBe(
      'Your role (Crew) may not do this: it is for Office and Admin users.',
    );
    expect(roleRefusal('office', 'admin')).toBe(
      'Your role (Office) may not do this: it is for Admin users.',
    );
  });
});
