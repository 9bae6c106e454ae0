// Route slugs as the spec defines them: lowercase, spaces to hyphens. Runs of white space
// fold into one hyphen so "Naglee  Main" and "Naglee Main" cannot both exist as routes.
export function slugify(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/** The checklist fill path's warehouse name: strip '-checklist', hyphens to spaces. */
export function warehouseNameFromChecklistPath(segment: string): string {
  return segment.replace(/-checklist$/, '').replace(/-/g, ' ');
}
