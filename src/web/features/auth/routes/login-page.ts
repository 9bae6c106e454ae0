import type { SessionUser } from '../../../../contracts/auth';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../../../../contracts/limits';
import { ApiError } from '../../../lib/api';
import { h, logo, pageLink } from '../../../lib/dom';
import { signIn } from '../api/sign-in';

function labelled(text: string, input: HTMLInputElement): HTMLLabelElement {
  return h('label', { class: 'block' }, h('span', { class: 'text-sm font-medium' }, text), input);
}

/**
 * The sign-in page (plain DOM, decision 0062): checks both boxes are filled, then signs in
 * and hands the user to `onSignedIn`; a refusal below 500 shows the server's sentences.
 */
export function loginPage(options: {
  onSignedIn: (user: SessionUser) => void;
  onBack: () => void;
}): HTMLElement {
  const inputClass = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2';
  const email = h('input', {
    type: 'email',
    autocomplete: 'username',
    maxlength: String(EMAIL_MAX_LENGTH),
    class: inputClass,
  });
  const password = h('input', {
    type: 'password',
    autocomplete: 'current-password',
    maxlength: String(PASSWORD_MAX_LENGTH),
    class: inputClass,
  });
  // The alert wraps the list: a role on the list itself would take its list semantics away,
  // leaving each sentence an item outside any list (axe listitem).
  const list = h('ul', { class: 'space-y-1' });
  const errors = h(
    'div',
    { role: 'alert', class: 'rounded-lg bg-red-50 p-3 text-sm text-red-700' },
    list,
  );
  // Put in the page when there is something to say, so it is announced as it appears.
  const showErrors = (sentences: string[]) => {
    list.replaceChildren(...sentences.map((e) => h('li', {}, e)));
    if (sentences.length === 0) errors.remove();
    else if (!errors.isConnected) submit.before(errors);
  };
  const submit = h(
    'button',
    {
      type: 'submit',
      class:
        'w-full rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-900 disabled:opacity-60',
    },
    'Sign in',
  );
  const setBusy = (busy: boolean) => {
    submit.disabled = busy;
    submit.textContent = busy ? 'Signing in...' : 'Sign in';
  };

  const form = h(
    'form',
    { novalidate: '', class: 'space-y-4' },
    labelled('Email', email),
    labelled('Password', password),
    submit,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const missing = [
      ...(email.value.trim() ? [] : ['Email is required.']),
      ...(password.value ? [] : ['Password is required.']),
    ];
    showErrors(missing);
    if (missing.length > 0) return;
    setBusy(true);
    signIn(email.value, password.value).then(options.onSignedIn, (error: unknown) => {
      setBusy(false);
      // Below 500 the server's own list is shown; a 5xx gets the generic sentence.
      showErrors(
        error instanceof ApiError && error.status > 0 && error.status < 500
          ? error.errors
          : ['An error occurred. Please try again.'],
      );
    });
  });

  return h(
    'main',
    { class: 'flex min-h-screen items-center justify-center px-4' },
    h(
      'div',
      { class: 'w-full max-w-sm rounded-2xl bg-white p-8 shadow-lg' },
      h('div', { class: 'mb-6 flex justify-center' }, logo(false)),
      h('h1', { class: 'mb-6 text-center text-2xl font-bold' }, 'Sign in to your account'),
      form,
      h(
        'p',
        { class: 'mt-6 text-center' },
        pageLink(
          '/',
          { class: 'text-sm text-brand-700 underline' },
          'Back to Landing Page',
          options.onBack,
        ),
      ),
    ),
  );
}
