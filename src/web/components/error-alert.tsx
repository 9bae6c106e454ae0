import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api';

interface ErrorAlertProps {
  /** A sentence to show; wins over `error`. */
  message?: ReactNode;
  /** Anything thrown: an API refusal shows its sentence, anything else a general one. */
  error?: unknown;
  className?: string;
}

/** The one way a failure is shown: announced at once (role alert), red on light red. */
export function ErrorAlert({ message, error, className = '' }: ErrorAlertProps) {
  const text = message ?? (error ? errorMessage(error) : null);
  if (!text) return null;
  return (
    <p role="alert" className={`rounded bg-red-50 p-2 text-sm text-red-800 ${className}`}>
      {text}
    </p>
  );
}
