/** How a vault is named to people, and when it carries a number (its tag). */

import { isEmptyVaultCustomer } from './empty-vault';

const typeNames: Record<string, string> = {
  vault: 'vault',
  liftvan: 'liftvan',
  t2: 'T2',
  couchbox: 'couchbox',
};

function typeName(type: string): string {
  return typeNames[type] ?? type;
}

interface NamedVault {
  name: string | null;
  type: string;
}

/**
 * The vault as a sentence names it: "Vault 1042", or "Empty liftvan" for a unit without a
 * number (issue 11: never "#(liftvan)").
 */
export function vaultLabel(vault: NamedVault): string {
  return vault.name ? `Vault ${vault.name}` : `Empty ${typeName(vault.type)}`;
}

/** The short form on a slot or a card: "#1042", or "Empty liftvan". */
export function vaultNumberText(vault: NamedVault): string {
  return vault.name ? `#${vault.name}` : `Empty ${typeName(vault.type)}`;
}

/**
 * The `{name}` in the spec's "Are you sure you want to stage vault {name}?": the vault's
 * number, or for one without a number where it stands and what it is ("A1 position 2, an
 * empty liftvan"; "A1 position 2, SMITH's liftvan"), so the sentence always names one unit.
 */
export function vaultStageName(
  vault: NamedVault & { customer_name: string; position: number | null },
  fieldName: string | null,
): string {
  if (vault.name) return vault.name;
  const what = isEmptyVaultCustomer(vault.customer_name)
    ? `an empty ${typeName(vault.type)}`
    : `${vault.customer_name}'s ${typeName(vault.type)}`;
  return fieldName && vault.position !== null
    ? `${fieldName} position ${vault.position}, ${what}`
    : what;
}

/**
 * Spec §2 and §5 together: an empty liftvan, T2 or couchbox carries no tag number; an empty
 * vault and every customer's unit may.
 */
export function takesVaultNumber(isEmptyMode: boolean, type: string): boolean {
  return !isEmptyMode || type === 'vault';
}
