import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { Spinner } from '../../../components/spinner';
import { useWarehouse } from '../api/use-warehouse';
import { FieldGridEditor } from '../components/field-grid-editor';
import { FloorPlanPreview } from '../components/floor-plan-preview';
import { LayoutEditor } from '../components/layout-editor';
import { WarehouseFieldsForm } from '../components/warehouse-fields-form';

export function EditWarehousePage() {
  const { warehouseName = '' } = useParams();
  const warehouse = useWarehouse(warehouseName);
  if (warehouse.isPending) return <Spinner label="Loading warehouse" />;
  if (!warehouse.data) {
    return (
      <NotFound title="Warehouse Not Found">
        <p>The warehouse you are looking for does not exist.</p>
      </NotFound>
    );
  }
  const w = warehouse.data;
  // The layout editor needs walls to place things against.
  const hasFloor = w.width > 0 && w.length > 0;
  return (
    <div className="mx-auto max-w-7xl space-y-6 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">{w.name}</h1>
      <WarehouseFieldsForm warehouse={w} />
      {hasFloor && (
        <>
          <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,2fr)_auto]">
            <FieldGridEditor warehouse={w} />
            <FloorPlanPreview warehouse={w} />
          </div>
          <LayoutEditor warehouse={w} />
        </>
      )}
    </div>
  );
}
