import { useParams } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { useWarehouse } from '../api/use-warehouse';

export function EditWarehousePage() {
  const { warehouseName = '' } = useParams();
  const warehouse = useWarehouse(warehouseName);
  if (warehouse.isPending) return <Spinner label="Loading warehouse" />;
  if (!warehouse.data) {
    return (
      <div className="p-6">
        <h1 className="text-2xl font-bold">Warehouse Not Found</h1>
        <p>The warehouse you are looking for does not exist.</p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-7xl p-4 sm:p-6">
      <h1 className="text-2xl font-bold">{warehouse.data.name}</h1>
    </div>
  );
}
