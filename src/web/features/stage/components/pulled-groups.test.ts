import { describe, expect, it } from 'vitest';
import type { PullListRequest } from '../../../../contracts/pull-lists';
import { groupStagedByRequest } from './pulled-groups';
import { vaultAnswer } from '../../../../../tests/support/vault-answer';

const staged = (id: number) =>
  vaultAnswer(id, { name: String(id), customer_name: 'SMITH', customer_id: 1, old_field_id: 9 });

const request = (
  id: number,
  kind: PullListRequest['kind'],
  vaults: [number, boolean][],
): PullListRequest => ({
  id,
  customer_id: 1,
  customer_name: 'SMITH',
  kind,
  status: 'in_progress',
  note: '',
  vaults: vaults.map(([vaultId, isPulled]) => ({
    id: vaultId,
    name: String(vaultId),
    type: 'vault',
    warehouse_name: 'Main',
    field_name: null,
    position: null,
    staged: true,
    released_on: null,
    pulled_at: isPulled ? '2030-06-12T08:00:00Z' : null,
    pulled_by: isPulled ? 'crew@example.com' : null,
    put_back: null,
  })),
});

describe('staged vaults under their request', () => {
  it("groups the vaults a request pulled under it, in the list's order, and keeps the rest", () => {
    const { groups, rest } = groupStagedByRequest(
      [staged(1), staged(2), staged(3), staged(4)],
      [request(12, 'release_items', [[3, true]]), request(7, 'access', [[1, true]])],
    );
    expect(groups.map((g) => [g.title, g.vaults.map((v) => v.id)])).toEqual([
      ['Request 12 - SMITH, release', [3]],
      ['Request 7 - SMITH, access', [1]],
    ]);
    expect(rest.map((v) => v.id)).toEqual([2, 4]);
  });

  it('leaves a staged vault its request has not pulled yet, and a request with nothing staged, out', () => {
    const { groups, rest } = groupStagedByRequest(
      [staged(1)],
      [request(12, 'release_vaults', [[1, false]]), request(13, 'release_all', [[5, true]])],
    );
    expect(groups).toEqual([]);
    expect(rest.map((v) => v.id)).toEqual([1]);
  });
});
