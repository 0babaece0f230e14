/** One generated file: its path relative to the project root and its exact bytes. */
export interface Artifact {
  path: string;
  content: string | Uint8Array;
}

/** A generation step: one small script per artifact family, run in order by scripts/generate.ts. */
export interface Step {
  name: string;
  /**
   * Set for a step that mostly waits on child processes (the docs site): it starts as soon as
   * the named steps are done and runs beside the later steps, which therefore cannot read its
   * artifacts. Without it, a step starts after every earlier step has finished.
   */
  needs?: readonly string[];
  /** Produces the artifacts from the model and the artifacts of earlier steps. */
  run(context: StepContext): Promise<Artifact[]> | Artifact[];
}

export interface StepContext {
  root: string;
  model: import('../model/types.js').Model;
  /** Artifacts produced by earlier steps, by path. */
  produced: Map<string, Artifact>;
  /** A scratch directory that is removed after the run. */
  scratch: string;
}
