/** Every error the API answers: a stable snake_case code and the message shown to people. */
export interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
  /** On validation failures: the message of each refused field. */
  errors?: Record<string, string>;
}
