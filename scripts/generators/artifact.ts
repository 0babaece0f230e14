/** One generated file: its path relative to the project root and its exact bytes. */
export interface Artifact {
  path: string;
  content: string | Uint8Array;
}

/**
 * A generation step: one small script per artifact family, run in order by scripts/generate.ts.
 * It either runs in the pipeline's thread (`run`) or in a worker thread of its own (`thread`).
 */
export type Step = StepOrder & ({ run(context: StepContext): Promise<Artifact[]> | Artifact[] } | { thread: ThreadModule });

export interface StepOrder {
  name: string;
  /**
   * Set for a step that can run beside the steps after it (one in a worker thread, or one that
   * waits on child processes): it starts as soon as the named steps are done, and the later
   * steps cannot read its artifacts. Without it, a step starts after every earlier step has
   * finished.
   */
  needs?: readonly string[];
}

/**
 * A step run in a worker thread (scripts/step-thread.ts): the thread starts, and imports the
 * module with the heavy libraries it uses, when the run starts, beside the model loading and
 * the other steps; it gets the context when the step's turn comes. `module` is a file URL;
 * `export` names the function `(context: StepContext) => Artifact[] | Promise<Artifact[]>`.
 */
export interface ThreadModule {
  module: string;
  export: string;
}

export interface StepContext {
  root: string;
  model: import('../model/types.js').Model;
  /** Artifacts produced by earlier steps, by path. */
  produced: Map<string, Artifact>;
  /** A scratch directory that is removed after the run. */
  scratch: string;
}
