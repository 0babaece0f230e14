/** A problem in the pipeline's input, reported as "file:line: pointer: message" with no stack. */
export class PipelineError extends Error {
  constructor(
    message: string,
    readonly file?: string,
    readonly line?: number,
    readonly pointer?: string,
  ) {
    super(
      [file && (line ? `${file}:${line}` : file), pointer, message].filter((part) => part !== undefined && part !== '').join(': '),
    );
    this.name = 'PipelineError';
  }
}
