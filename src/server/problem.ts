/** A field that failed validation. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** The one error body of the API: status, message and details (schemas/api.openapi.json `Error`). */
export interface ErrorBody {
  status: number;
  message: string;
  details?: string | FieldProblem[];
  /** What a refused precondition was (schemas/api.openapi.json `PreconditionProblem`), for the app to act on. */
  reason?: string;
  /** An order call refused as a second payment: the first order, for the receipt (its owner only). */
  existingOrder?: Record<string, unknown>;
  /** A call refused because its step is not open yet (`step-not-allowed`): the facts the journey lacks. */
  missing?: string[];
  /** An order refused by the clinic's state rules (`state-not-served`, `live-visit-first`): the patient's state. */
  state?: string;
  /** A return link refused on another brand's host (`other-brand`): the brand whose host it opens on. */
  site?: 'male' | 'female';
}

/** An error a handler throws to answer with a status and the error body. */
export class HttpProblem extends Error {
  override name = 'HttpProblem';
  constructor(
    readonly status: number,
    message: string,
    readonly details?: string | FieldProblem[],
    /** The fields of a refused precondition beside the usual three (`reason`, `existingOrder`, `missing`). */
    readonly extra?: Pick<ErrorBody, 'reason' | 'existingOrder' | 'missing' | 'state' | 'site'>,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return {
      status: this.status,
      message: this.message,
      ...(this.details === undefined ? {} : { details: this.details }),
      ...this.extra,
    };
  }
}
