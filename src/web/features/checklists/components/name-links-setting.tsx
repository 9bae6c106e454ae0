import { Field, Label, Description, Switch } from '@headlessui/react';
import { useChecklistSettings, useUpdateChecklistSettings } from '../api/use-checklists';
import { ErrorAlert } from '../../../components/error-alert';

/**
 * The company's switch for the spec's name links (`/<warehouse>-checklist`): anyone who guesses
 * a warehouse name can open them, so a company may rely on the printed token links alone.
 */
export function NameLinksSetting() {
  const settings = useChecklistSettings();
  const update = useUpdateChecklistSettings();
  const isOn = settings.data?.name_links ?? false;
  return (
    <Field className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <Switch
        checked={isOn}
        disabled={!settings.data || update.isPending}
        onChange={(on: boolean) => update.mutate({ name_links: on })}
        className="group relative mt-1 inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-slate-300 transition data-[checked]:bg-brand-700 data-[disabled]:opacity-50"
      >
        <span className="inline-block h-5 w-5 translate-x-1 rounded-full bg-white transition group-data-[checked]:translate-x-6" />
      </Switch>
      <div className="text-sm">
        <Label className="font-semibold">Open by warehouse name</Label>
        <Description className="text-slate-600">
          {isOn
            ? 'Crews can also open a checklist at /<warehouse name>-checklist. Anyone who guesses the name can too.'
            : 'Only the printed links and QR codes open a checklist.'}
        </Description>
        <ErrorAlert error={update.error} />
      </div>
    </Field>
  );
}
