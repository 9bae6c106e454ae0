import type { DigOutStep } from '../../../../contracts/dig-outs';

function placeText(place: DigOutStep['to']): string {
  return place ? `field ${place.field_name}, position ${place.position}` : 'the stage';
}

/** One forklift move as staff read it on the checklist. */
export function stepText(step: DigOutStep): string {
  const vault = step.vault_name ? `vault ${step.vault_name}` : 'the unit';
  if (step.kind === 'out') {
    return `Take ${vault} out of field ${step.from?.field_name ?? ''} to the stage`;
  }
  if (step.kind === 'back') {
    return `Put ${vault} back from ${placeText(step.from)} into field ${step.to?.field_name ?? ''}`;
  }
  return `Move ${vault} from field ${step.from?.field_name ?? ''} to ${placeText(step.to)}`;
}
