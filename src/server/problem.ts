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
}

/** An error a handler throws to answer with a status and the error body. */
export class HttpProblem extends Error {
  override name = 'HttpProblem';
  constructor(
    readonly status: number,
    message: string,
    readonly details?: string | FieldProblem[],
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return {
      status: this.status,
      message: this.message,
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }
}
