/** How a vault is named to people, and when it carries a number (its tag). */

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
 * Spec §2 and §5 together: an empty liftvan, T2 or couchbox carries no tag number; an empty
 * vault and every customer's unit may.
 */
export function takesVaultNumber(isEmptyMode: boolean, type: string): boolean {
  return !isEmptyMode || type === 'vault';
}
