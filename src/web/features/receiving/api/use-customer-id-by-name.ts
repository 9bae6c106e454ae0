import { listCustomers } from '../../../../contracts/customers';
import { normaliseName } from '../../../../domain/names';
import { useMayCall } from '../../auth/api/use-session';
import { useCustomers } from '../../customers/api/use-customers';

/**
 * The id of the customer record a typed name is, exactly as names are kept (upper case, single
 * spaces), or null: while the list loads, for a new customer, and for a role that may not read
 * customers, whose suggestion then goes without the same-customer preference.
 */
export function useCustomerIdByName(typed: string): number | null {
  const mayList = useMayCall(listCustomers);
  const customers = useCustomers({ enabled: mayList });
  const name = normaliseName(typed);
  if (name === '' || !customers.data) return null;
  return customers.data.find((c) => c.name === name)?.id ?? null;
}
