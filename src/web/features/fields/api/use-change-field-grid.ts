import { useMutation } from '@tanstack/react-query';
import * as contract from '../../../../contracts/field-grid';
import { callApiForm } from '../../../lib/api';
import { useInvalidateWarehouse } from '../../racks/api/use-invalidate-warehouse';

export interface FieldGridChangeInput {
  warehouseId: number;
  direction: 'left' | 'right' | 'bottom';
  operation: 'plus' | 'minus';
  rows: number;
  cols: number;
  count: number;
}

/** POST adds, DELETE removes; sent as the spec's form data (its names, spelling included). */
export function useChangeFieldGrid(slug: string) {
  const invalidate = useInvalidateWarehouse(slug);
  return useMutation({
    mutationFn: (input: FieldGridChangeInput) => {
      const form = new FormData();
      form.append('warehouse_id', String(input.warehouseId));
      form.append('direction', input.direction);
      form.append('opperation', input.operation);
      form.append('warehouse_cols', String(input.cols));
      form.append('warehouse_rows', String(input.rows));
      form.append('count', String(input.count));
      return callApiForm(
        input.operation === 'plus' ? contract.addFields : contract.removeFields,
        form,
      );
    },
    onSettled: invalidate,
  });
}
