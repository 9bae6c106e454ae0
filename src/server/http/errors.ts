import { errorBody, errorStatus, type ErrorBody, type ErrorCode } from '../../contracts/errors';

/** A refusal a client can cause and understand. Anything else thrown is a 500. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: string[];

  constructor(code: ErrorCode, message: string, details: string[] = [message]) {
    super(message);
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return errorStatus[this.code];
  }

  toBody(): ErrorBody {
    return errorBody(this.code, this.message, this.details);
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found.`);
